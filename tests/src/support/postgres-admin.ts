// Imported by vitest.config.ts too: node built-ins only.
import { connect } from 'node:net';

/** The PostgreSQL server tests and the bench make their scratch databases on. */
export const POSTGRES_ADMIN_URL =
  process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether anything accepts a connection at the URL's host and port (within a second). */
export function postgresAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
