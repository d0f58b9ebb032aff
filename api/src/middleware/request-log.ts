import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from '../app-env';

/** The log line of an answer (its logger carries the request id, or the line does as reqId). */
export function logAnswer(
  log: Logger,
  answer: { reqId?: string; method: string; path: string; status: number; started: number },
): void {
  const { started, ...line } = answer;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (line.status >= 500) log.error({ ...line, ms }, 'request failed');
  else log.info({ ...line, ms }, 'request');
}

/** Gives each request a child logger carrying its request id, and logs one line per response. */
export function requestLog(root: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const log = root.child({ reqId: c.get('requestId') });
    c.set('log', log);
    await next();
    logAnswer(log, { method: c.req.method, path: c.req.path, status: c.res.status, started });
  };
}
