// The two README commands start here. Plain Node with no dependencies: on a fresh clone it installs
// them first, then builds what is stale, then hands over to the real entry point.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const command = process.argv[2];

function run(file, args, options = {}) {
  const result = spawnSync(file, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function must(file, args, what) {
  const status = run(file, args);
  if (status !== 0) {
    process.stderr.write(`\n${what} failed (exit code ${status}).\n`);
    process.exit(status);
  }
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && newestMtime(lock) <= newestMtime(marker)) return;
  process.stdout.write('Installing dependencies (npm ci)...\n');
  must('npm', ['ci', '--no-audit', '--no-fund'], 'Installing dependencies');
}

function ensureWebBuilt() {
  // The page and the server's build of it (web/dist-ssr) are built together.
  const built = Math.min(
    newestMtime(join(root, 'web/dist/index.html')),
    newestMtime(join(root, 'web/dist-ssr/entry-server.js')),
  );
  const sources = Math.max(
    ...['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'shared/src/domain'].map(
      (p) => newestMtime(join(root, p)),
    ),
  );
  if (built > sources) return;
  process.stdout.write('Building the web app...\n');
  must('npm', ['run', 'build', '-w', '@campus/web'], 'Building the web app');
}

// Runs a long-lived child and mirrors its exit. SIGTERM and SIGINT sent to this process alone
// (`kill <pid of npm start>`: npm forwards them here, the package.json scripts `exec` so that no
// shell stands in between) are passed on, and this process waits until the child has closed
// everything and exited, so the port and the data folder are free once it is gone. Ctrl-C reaches
// the child through the process group as well; it counts a repeat within a second as one.
function handOver(file, args) {
  const child = spawn(file, args, { cwd: root, stdio: 'inherit' });
  let exited = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      if (!exited) child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    exited = true;
    process.exit(code ?? (signal ? 1 : 0));
  });
}

const tsx = ['--import', 'tsx'];
// A server's young generation of 32 MB a half instead of V8's 16: a checkout allocates much that
// dies young, and with the default half of it reached the old generation, whose collections
// stalled the api (decision 020). The production image sets the same in NODE_OPTIONS.
const serverHeap = ['--max-semi-space-size=32'];

switch (command) {
  case 'start':
    ensureDependencies();
    ensureWebBuilt();
    handOver(process.execPath, [...serverHeap, ...tsx, 'scripts/all-in-one.ts']);
    break;
  case 'test':
    ensureDependencies();
    ensureWebBuilt();
    handOver(process.execPath, [...tsx, 'scripts/test.ts']);
    break;
  case 'bench':
    ensureDependencies();
    ensureWebBuilt();
    // The api it measures runs in its process: with the heap it has when started for real.
    handOver(process.execPath, [...serverHeap, ...tsx, 'tests/src/bench/run.ts']);
    break;
  default:
    process.stderr.write('Usage: node scripts/run.mjs start|test|bench\n');
    process.exit(2);
}
