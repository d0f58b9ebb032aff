import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';
import { serveMetrics } from './metrics-server';
import { bearerToken, isMetricsToken } from './metrics-token';

const TOKEN = 'worker-metrics-token-0123456789abcdef';
const metrics = createMetrics();
let server: Awaited<ReturnType<typeof serveMetrics>>;

beforeAll(async () => {
  server = await serveMetrics({
    registry: metrics.registry,
    token: TOKEN,
    host: '127.0.0.1',
    port: 0,
    log: pino({ level: 'silent' }),
  });
});

afterAll(async () => {
  await server.close();
});

const scrape = (authorization?: string, url = server.url) =>
  fetch(url, { headers: authorization ? { authorization } : {} });

describe("the worker's /metrics", () => {
  it('answers the registry in the Prometheus text format to the bearer of the token', async () => {
    metrics.jobDuration.observe(
      { queue: 'sheets', job: 'append-order-row', outcome: 'completed' },
      0.2,
    );
    metrics.mailsSent.inc();
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toContain(
      'campus_job_duration_seconds_count{queue="sheets",job="append-order-row",outcome="completed"} 1',
    );
    expect(text).toMatch(/^campus_mails_sent_total 1$/m);
  });

  it('refuses a wrong token, another scheme and no token with 401 in the api error shape', async () => {
    for (const authorization of [`Bearer ${TOKEN}x`, `Basic ${TOKEN}`, undefined]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: 'unauthenticated', message: 'Authentication required. Please log in.' },
      });
    }
  });

  it('answers 404 for any other path', async () => {
    const response = await scrape(`Bearer ${TOKEN}`, server.url.replace('/metrics', '/'));
    expect(response.status).toBe(404);
  });
});

describe('the metrics token', () => {
  it('matches only the configured token, and nothing while none is configured', () => {
    expect(bearerToken(`Bearer ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`bearer  ${TOKEN}`)).toBe(TOKEN);
    expect(bearerToken(`Basic ${TOKEN}`)).toBeNull();
    expect(isMetricsToken(TOKEN, TOKEN)).toBe(true);
    expect(isMetricsToken(TOKEN.slice(1), TOKEN)).toBe(false);
    expect(isMetricsToken('', undefined)).toBe(false);
    expect(isMetricsToken(null, TOKEN)).toBe(false);
  });
});
