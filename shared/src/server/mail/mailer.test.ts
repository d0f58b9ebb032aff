import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('the outbox mailer', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-mail-prune-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps mail files for the retention and removes older ones', async () => {
    const mailer = createMailer({
      outboxDir: dir,
      from: 'CampusBucket <no-reply@campus.test>',
      log: pino({ level: 'silent' }),
      retentionDays: 30,
    });
    try {
      await mailer.send({ to: 'old@uni.edu.pk', subject: 'Old', text: 'sent long ago' });
      const [old] = readdirSync(dir);
      await mailer.send({ to: 'new@uni.edu.pk', subject: 'New', text: 'sent today' });
      const thirtyOneDaysAgo = new Date(Date.now() - 31 * 24 * 3600_000);
      utimesSync(join(dir, old as string), thirtyOneDaysAgo, thirtyOneDaysAgo);

      expect(await mailer.prune()).toBe(1);
      const left = readdirSync(dir);
      expect(left).toHaveLength(1);
      expect(left).not.toContain(old);
      // Twenty-nine days later the newer one is still kept; two days after that it goes too.
      expect(await mailer.prune(new Date(Date.now() + 29 * 24 * 3600_000))).toBe(0);
      expect(await mailer.prune(new Date(Date.now() + 31 * 24 * 3600_000))).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      mailer.close();
    }
  });
});
