import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

// A body the api refuses (413 before reading it, or a route that answers without reading all of
// it) must not be parsed as the next request on the same keep-alive connection. @hono/node-server
// drains such a body for at most 0.5 s and then cuts the connection without saying so, and a body
// it has begun to hand to a web stream stays paused, so the next request failed with a socket
// error. Here the rest is read and thrown away; past MAX_DRAIN_BYTES or DRAIN_TIMEOUT_MS the
// connection is closed instead, and a body declared that large is told so up front.
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 10_000;

function drainAfterAnswer(request: IncomingMessage, response: ServerResponse) {
  const declared = Number(request.headers['content-length'] ?? 0);
  // Most requests (every GET) have no body: nothing to drain, no listener to add.
  if (declared === 0 && request.headers['transfer-encoding'] === undefined) return;
  if (declared > MAX_DRAIN_BYTES) response.shouldKeepAlive = false;
  response.once('finish', () => {
    if (request.readableEnded || request.destroyed) return;
    if (!response.shouldKeepAlive) {
      request.socket.destroySoon();
      return;
    }
    let bytes = 0;
    const giveUp = () => request.socket.destroy();
    const timer = setTimeout(giveUp, DRAIN_TIMEOUT_MS);
    timer.unref();
    // Whatever was reading the body (a web stream that paused it) is done with it now.
    request.removeAllListeners('data');
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAIN_BYTES) giveUp();
    });
    request.once('end', () => clearTimeout(timer));
    request.once('close', () => clearTimeout(timer));
    request.resume();
  });
}

/**
 * A listener that may answer a request before the app does: it answers and returns true, or
 * leaves the request alone and returns false.
 */
export type AnswerFirst = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Serves a fetch handler over HTTP/1.1 as the api does, refused bodies drained (see above); the
 * server starts listening at once.
 */
export function serveHttp(options: {
  fetch: (request: Request) => Response | Promise<Response>;
  hostname: string;
  port: number;
  answerFirst?: AnswerFirst;
}): Server {
  const { answerFirst, hostname } = options;
  const app = getRequestListener(options.fetch, { hostname, autoCleanupIncoming: false });
  const server = createServer((request, response) => {
    if (!answerFirst?.(request, response)) void app(request, response);
  });
  server.prependListener('request', drainAfterAnswer);
  server.listen(options.port, hostname);
  return server;
}
