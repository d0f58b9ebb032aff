import { connect, type Socket } from 'node:net';
import type { Database } from '@campus/shared/server/db/client';
import { openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { signedInStudent } from '../../support/orders';
import { testRedisUrl } from '../../support/redis';
import { type ServedApp, serveTestApp } from '../../support/served-app';

// A body over a route's limit is answered 413 before it is read. The rest of it must not be taken
// for the next request on the same keep-alive connection: that request is answered as usual, or
// the connection is closed cleanly after the 413 (then a client knows to open a new one).

let database: Database;
let redis: Redis;
let test: ReturnType<typeof createTestApp>;
let served: ServedApp;
let cookie: string;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  const tree = await buildCampusTree(database.db);
  test = createTestApp({ database, redis });
  cookie = (await signedInStudent(test.app, database.db, tree.campus)).cookie;
  served = await serveTestApp(test.app.fetch);
});

afterAll(async () => {
  await served.close();
  await test.close();
  redis.disconnect();
  await database.close();
});

/** Reads answers off one raw socket, in order, as an HTTP/1.1 client that keeps it alive would. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  error: string | null = null;
  ended = false;

  constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      this.error = error.code ?? error.message;
      this.waiting?.();
    });
    socket.on('close', () => {
      this.ended = true;
      this.waiting?.();
    });
  }

  static async open(): Promise<RawConnection> {
    const socket = connect(served.port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new RawConnection(socket);
  }

  write(text: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(text, () => resolve());
    });
  }

  /** The next whole answer (status, headers, body of Content-Length), or null if the socket ended. */
  async nextAnswer(): Promise<{ status: number; headers: string; body: string } | null> {
    for (;;) {
      const headEnd = this.buffer.indexOf('\r\n\r\n');
      if (headEnd >= 0) {
        const head = this.buffer.subarray(0, headEnd).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (this.buffer.length >= headEnd + 4 + length) {
          const body = this.buffer.subarray(headEnd + 4, headEnd + 4 + length).toString();
          this.buffer = this.buffer.subarray(headEnd + 4 + length);
          return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
        }
      }
      if (this.ended || this.error) return null;
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
      });
      this.waiting = null;
    }
  }

  close() {
    this.socket.destroy();
  }
}

const oversized: { path: string; type: string; bytes: number; signedIn: boolean }[] = [
  { path: '/api/orders', type: 'application/json', bytes: 200 * 1024, signedIn: true },
  { path: '/api/account/sign-in', type: 'application/json', bytes: 64 * 1024, signedIn: false },
  { path: '/api/admin/universities', type: 'application/json', bytes: 100 * 1024, signedIn: true },
  { path: '/submit-order', type: 'application/json', bytes: 20 * 1024, signedIn: true },
  {
    path: '/api/uploads',
    type: 'multipart/form-data; boundary=xyz',
    bytes: 2 * 1024 * 1024,
    signedIn: true,
  },
];

describe(`a refused body on a keep-alive connection on ${engine}`, () => {
  for (const { path, type, bytes, signedIn } of oversized) {
    for (const framing of ['content-length', 'chunked'] as const) {
      it(`after a 413 from ${path} (${framing}), the next request on the connection is answered or the connection closes cleanly`, async () => {
        const connection = await RawConnection.open();
        try {
          const body = Buffer.alloc(bytes, 'x');
          const head = [
            `POST ${path} HTTP/1.1`,
            'Host: 127.0.0.1',
            `Content-Type: ${type}`,
            ...(signedIn ? [`Cookie: ${cookie}`] : []),
            framing === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`,
          ].join('\r\n');
          const framed =
            framing === 'chunked'
              ? Buffer.concat([
                  Buffer.from(`${bytes.toString(16)}\r\n`),
                  body,
                  Buffer.from('\r\n0\r\n\r\n'),
                ])
              : body;
          // The whole request is sent, as a client that does not wait for 100-continue does.
          await connection.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), framed]));
          const refused = await connection.nextAnswer();
          expect(refused?.status).toBe(413);

          await connection.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
          const next = await connection.nextAnswer();
          if (next) {
            expect(next.status).toBe(200);
            expect(JSON.parse(next.body)).toMatchObject({ ok: true });
          } else {
            // Closed instead: only after saying so, and without a reset.
            expect(refused?.headers).toContain('connection: close');
            expect(connection.error).toBeNull();
          }
        } finally {
          connection.close();
        }
      });
    }
  }
});
