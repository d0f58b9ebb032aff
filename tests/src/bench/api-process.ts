// The api as production starts it, in a process of its own: `api/src/main.ts` on PostgreSQL,
// with the Node options the bench itself was started with (the servers' heap, tsx). Its log (an
// access line per request at 'info') goes to a file, as a process manager keeps it: through the
// bench's process it would take CPU from the process it measures.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@campus/shared/dev/free-port';
import { repoRoot } from '../support/process';
import { BENCH_AUTH_SECRET } from './bench-api';

const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 200;

export interface ApiProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the api and resolves once its /healthz answers; its log is DATA_DIR's `api.log`. */
export async function startApiProcess(options: {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
}): Promise<ApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(options.dataDir, 'api.log');
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...process.execArgv, 'api/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', logFd, logFd],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      QUEUE_PREFIX: options.queuePrefix,
      DATA_DIR: options.dataDir,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
    },
  });
  closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (!gone()) child.kill('SIGTERM');
    await exited;
  };
  try {
    for (let waited = 0; ; waited += READY_POLL_MS) {
      if (gone()) throw new Error('it exited before it answered');
      if (waited >= READY_TIMEOUT_MS) throw new Error(`no answer in ${READY_TIMEOUT_MS / 1000} s`);
      const ready = await fetch(`${url}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ready) return { url, pid: child.pid ?? 0, stop };
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `The api process did not start: ${reason}; its log:\n${readFileSync(logFile, 'utf8')}`,
    );
  }
}
