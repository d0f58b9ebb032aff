import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logAnswer } from './request-log';

// logAnswer writes the access line as text; it must be the line pino writes for the same fields.
function logger(level: string, base?: Record<string, unknown>) {
  const lines: string[] = [];
  const log = pino({ level, ...(base ? { base } : {}) }, { write: (line) => lines.push(line) });
  return { log, lines };
}

const answers = [
  { reqId: 'a1b2', method: 'GET', path: '/api/catalogue/universities', status: 200 },
  { reqId: 'proxy-id=7', method: 'POST', path: '/api/orders', status: 201 },
  { reqId: 'x', method: 'GET', path: '/api/menu/"quoted"\\back\u00e9\u{1f600}', status: 404 },
  { reqId: 'y', method: 'DELETE', path: '/api/admin/orders/1', status: 503 },
];

describe('the access line', () => {
  it.each([
    ['a root logger with pid and hostname', undefined],
    ['a logger with a service', { service: 'api' }],
  ])('is the line pino writes for the same fields, for %s', (_, base) => {
    for (const answer of answers) {
      const ours = logger('info', base);
      const pinos = logger('info', base);
      logAnswer(ours.log, { ...answer, started: performance.now() });
      const { reqId, ...rest } = answer;
      const failed = answer.status >= 500;
      const fields = { ...rest, ms: 0.1 };
      if (failed) pinos.log.child({ reqId }).error(fields, 'request failed');
      else pinos.log.child({ reqId }).info(fields, 'request');

      expect(ours.lines).toHaveLength(1);
      expect(ours.lines[0]?.endsWith('}\n')).toBe(true);
      const line = JSON.parse(ours.lines[0] ?? '');
      const expected = JSON.parse(pinos.lines[0] ?? '');
      expect(typeof line.ms).toBe('number');
      expect(Math.abs(line.time - expected.time)).toBeLessThan(1_000);
      // The same fields, in the same order, with the same values but the times.
      expect(Object.keys(line)).toEqual(Object.keys(expected));
      expect({ ...line, time: 0, ms: 0 }).toEqual({ ...expected, time: 0, ms: 0 });
    }
  });

  it('follows the logger’s level: an answer at info, a failure at error, nothing when silenced', () => {
    const { log, lines } = logger('warn');
    const started = performance.now();
    logAnswer(log, { reqId: 'a', method: 'GET', path: '/healthz', status: 200, started });
    expect(lines).toHaveLength(0);
    logAnswer(log, { reqId: 'b', method: 'GET', path: '/healthz', status: 500, started });
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ level: 50, reqId: 'b' }]);
    log.level = 'silent';
    logAnswer(log, { reqId: 'c', method: 'GET', path: '/healthz', status: 500, started });
    expect(lines).toHaveLength(1);
  });
});
