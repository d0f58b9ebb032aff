import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, openTestDatabase } from '../../support/database';
import { repoRoot } from '../../support/process';
import { testQueuePrefix, testRedisUrl } from '../../support/redis';

// SIGTERM sent to the pid of `npm start` alone (as a process manager or `kill <pid>` does, not to
// the whole process group as Ctrl-C does) stops the app: npm passes it to scripts/run.mjs, which
// passes it to the app and waits for it; the scaled-mode scripts `exec` their node. Before, the app
// went on as an orphan holding the port and the data folder.

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Every pid of a process group that is still running (zombies excluded). */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...; comm may hold spaces, so read after its closing paren.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry));
    } catch {
      // The process ended while the folder was read.
    }
  }
  return members;
}

/** A command of the README run in its own process group, and what it printed. */
interface Started {
  npm: ChildProcess;
  output: () => string;
}

const started: Started[] = [];

/** Runs `npm <args>` with only this environment (and PATH, HOME) until it prints `ready`. */
async function startNpm(args: string[], env: Record<string, string>, ready: string) {
  let output = '';
  const npm = spawn('npm', args, {
    cwd: repoRoot,
    // Its own process group, so that the signal reaches npm alone, and nothing is left behind.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  started.push({ npm, output: () => output });
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    };
    npm.stdout?.on('data', collect);
    npm.stderr?.on('data', collect);
    npm.once('exit', (code) => reject(new Error(`npm ${args[0]} exited (${code}):\n${output}`)));
  });
  return { npm, output: () => output };
}

/** SIGTERM to npm's pid alone: within 10 s the port is free and no process of the run is left. */
async function stopsOnSigterm({ npm, output }: Started, port: number) {
  const npmPid = npm.pid as number;
  const exited = new Promise<void>((resolve) => {
    if (npm.exitCode !== null) resolve();
    npm.once('exit', () => resolve());
  });
  expect(await listening(port)).toBe(true);
  const appPids = groupMembers(npmPid).filter((pid) => pid !== npmPid);
  expect(appPids.length).toBeGreaterThan(0);

  process.kill(npmPid, 'SIGTERM');

  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (!(await listening(port)) && groupMembers(npmPid).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await exited;
  expect(await listening(port), output()).toBe(false);
  expect(groupMembers(npmPid), output()).toEqual([]);
}

afterAll(() => {
  // Only if a test failed half-way: end what it started, by its own process group.
  for (const { npm } of started) {
    if (npm.pid && groupMembers(npm.pid).length > 0) process.kill(-npm.pid, 'SIGKILL');
  }
});

describe.runIf(engine === 'pglite')('npm start and signals', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-signals-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops the app and frees the port within 10 s of SIGTERM to the npm start pid', async () => {
    const port = await freePort();
    const env = {
      DATA_DIR: join(dir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      WEB_DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'warn',
    };
    const app = await startNpm(['start', '--silent'], env, 'Press Ctrl-C to stop');
    expect(existsSync(join(dir, 'data'))).toBe(true);
    await stopsOnSigterm(app, port);
  }, 90_000);
});

// Scaled mode's api alone (README: Scaling out), which a process manager stops by npm's pid too.
describe.runIf(engine === 'postgres')('npm run start:api and signals', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
  });

  afterAll(() => database.close());

  it('stops the api and frees the port within 10 s of SIGTERM to the npm pid', async () => {
    const port = await freePort();
    const env = {
      DATABASE_URL: database.url as string,
      AUTH_SECRET: 'a test secret of at least thirty-two characters',
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: testQueuePrefix(),
      LOG_LEVEL: 'info',
    };
    const api = await startNpm(['run', 'start:api', '--silent'], env, 'api listening');
    await stopsOnSigterm(api, port);
  }, 90_000);
});
