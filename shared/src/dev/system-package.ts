import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The absolute path of a command on PATH, if there is one. */
export function which(command: string): string | undefined {
  if (command.startsWith('/')) return existsSync(command) ? command : undefined;
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Finds a system command; as root on Debian/Ubuntu installs its package with apt-get; otherwise
 * throws an error that gives the exact command to run.
 */
export function ensureSystemCommand(options: {
  command: string;
  debianPackage: string;
  otherSystems: string;
  why: string;
  log: (line: string) => void;
}): string {
  const found = which(options.command);
  if (found) return found;
  const isDebian = existsSync('/etc/debian_version');
  if (process.getuid?.() === 0 && isDebian) {
    options.log(
      `${options.command} is missing; installing the Debian package ${options.debianPackage}`,
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-q', options.debianPackage], {
      stdio: 'inherit',
      env,
    });
    const installed = which(options.command);
    if (installed) return installed;
  }
  const command = isDebian
    ? `sudo apt-get install -y ${options.debianPackage}`
    : options.otherSystems;
  throw new Error(`${options.why} Run:\n\n    ${command}\n\nthen try again.`);
}
