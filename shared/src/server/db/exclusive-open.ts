import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:net';

/** Thrown when another live process has the embedded database open. */
export class DatabaseInUseError extends Error {
  constructor(dir: string) {
    super(
      `Another process has the embedded database in ${dir} open; two would lose each other's ` +
        'orders. Stop it first, or set DATA_DIR to another folder (or use DATABASE_URL).',
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * Claims the embedded database folder for this process, so that PGlite, which checks nothing,
 * is never opened twice. The claim is a Unix socket in Linux's abstract namespace named after the
 * folder: binding it is atomic, the kernel refuses a second binder while the first lives and frees
 * the name when it dies, so no stale claim is ever left behind. Elsewhere (no abstract sockets)
 * the data folder lock is the only guard. Returns the release function.
 */
export async function claimDatabaseDir(dir: string): Promise<() => Promise<void>> {
  if (process.platform !== 'linux') return async () => {};
  const digest = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 32);
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new DatabaseInUseError(dir) : error),
    );
    server.listen(`\0campusbucket-pglite-${digest}`, () => resolve());
  });
  // Never keeps the process alive by itself.
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
