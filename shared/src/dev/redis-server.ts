import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port';
import { ensureSystemCommand } from './system-package';

export interface LocalRedis {
  url: string;
  /** SIGTERM (the default) saves the append-only file first; SIGKILL is a crash. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/** redis-server from PATH, installed first where we may (see ensureSystemCommand). */
export function ensureRedisServerBinary(log: (line: string) => void): string {
  return ensureSystemCommand({
    command: 'redis-server',
    debianPackage: 'redis-server',
    otherSystems: 'install Redis 7 (for example "brew install redis" or "sudo dnf install redis")',
    why: 'No Redis answered and redis-server is not installed (or set REDIS_URL to a Redis you run).',
    log,
  });
}

/**
 * Starts a private redis-server that keeps its data in dir (AOF, fsync every second) and never
 * evicts keys. A server left behind by a killed earlier run is stopped first.
 */
export async function startRedisServer(options: {
  dir: string;
  binary?: string;
  port?: number;
  maxmemoryPolicy?: string;
}): Promise<LocalRedis> {
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true });
  const pidFile = join(dir, 'redis.pid');
  await stopLeftover(pidFile);
  const port = options.port ?? (await freePort());
  const child = spawn(
    options.binary ?? 'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--pidfile',
      pidFile,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
      '--maxmemory-policy',
      options.maxmemoryPolicy ?? 'noeviction',
      '--daemonize',
      'no',
    ],
    // Its own process group: Ctrl-C stops the app first, and the app then stops Redis last.
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitUntilAnswering(url, child);
  return {
    url,
    stop: (signal = 'SIGTERM') => stopChild(child, signal),
  };
}

/** True when a Redis answers PING at url within a second. */
export async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function stopLeftover(pidFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isRedisServer(pid)) return;
  process.kill(pid, 'SIGTERM');
  // Two servers must never share one append-only file: wait until the old one is gone.
  const deadline = Date.now() + 10_000;
  while (isRedisServer(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isRedisServer(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('redis-server');
  } catch {
    return false;
  }
}

async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  // redis-server explains a failed start (port taken, bad option) on stdout.
  let said = '';
  const collect = (chunk: Buffer) => {
    said = (said + String(chunk)).slice(-2_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  try {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (spawnError) throw new Error(`Could not run redis-server: ${spawnError.message}`);
      if (child.exitCode !== null) {
        throw new Error(`redis-server exited with code ${child.exitCode}: ${said.trim()}`);
      }
      if (await redisAnswers(url)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    child.kill('SIGKILL');
    throw new Error(`redis-server did not answer at ${url} within 10 s: ${said.trim()}`);
  } finally {
    child.stdout?.off('data', collect);
    child.stderr?.off('data', collect);
    // Keep draining, so a chatty server never blocks on a full pipe.
    child.stdout?.resume();
    child.stderr?.resume();
  }
}

function stopChild(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    child.kill(signal);
  });
}
