import type { Database } from '@campus/shared/server/db/client';
import { openCheckedRedis } from '@campus/shared/server/redis';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../support/app';
import { buildCampusTree } from '../../support/builders';
import { engine, openTestDatabase } from '../../support/database';
import { testLog } from '../../support/logger';
import { createPerson } from '../../support/people';
import { testRedisUrl } from '../../support/redis';
import { signInCookie } from '../../support/session';

let database: Database;
let redis: Redis;
let testApp: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await openTestDatabase();
  redis = await openCheckedRedis(testRedisUrl(), 'producer', testLog);
  testApp = createTestApp({ database, redis });
});

afterAll(async () => {
  await testApp.close();
  redis.disconnect();
  await database.close();
});

async function cookieFor(role: 'user' | 'campusAdmin' | 'superAdmin') {
  const tree = await buildCampusTree(database.db);
  const person = await createPerson(database.db, role, role === 'superAdmin' ? null : tree.campus);
  return signInCookie(testApp.app, person.email, person.password);
}

describe(`the operators' job dashboard on ${engine}`, () => {
  it('shows every queue, with failed jobs, to a super admin', async () => {
    const cookie = await cookieFor('superAdmin');
    const page = await testApp.app.request('/ops/queues', { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('CampusBucket jobs');
    const script = /src="(static\/js\/main[^"]+\.js)"/.exec(html)?.[1];
    const asset = await testApp.app.request(`/ops/queues/${script}`, { headers: { cookie } });
    expect(asset.status).toBe(200);

    const api = await testApp.app.request(
      '/ops/queues/api/queues?activeQueue=sheets&status=failed',
      {
        headers: { cookie },
      },
    );
    const { queues } = (await api.json()) as { queues: { name: string }[] };
    expect(queues.map((q) => q.name).sort()).toEqual(['checks', 'mail', 'sheets', 'system']);
  });

  it('is closed to everyone else', async () => {
    expect((await testApp.app.request('/ops/queues')).status).toBe(401);
    for (const role of ['user', 'campusAdmin'] as const) {
      const response = await testApp.app.request('/ops/queues/api/queues', {
        headers: { cookie: await cookieFor(role) },
      });
      expect(response.status).toBe(403);
    }
  });
});
