import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from './eml';
import { createMailer } from './mailer';

describe('reading the outbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'campus-mail-read-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back what the mailer wrote: names, non-Latin text and links', async () => {
    const mailer = createMailer({
      outboxDir: dir,
      from: 'CampusBucket <no-reply@campus.test>',
      log: pino({ level: 'silent' }),
    });
    // Long lines of non-Latin text make nodemailer choose quoted-printable or base64.
    const text = `${'چائے اور سموسے — Rs 1,234.00 ✓ '.repeat(6)}\nhttps://campus.test/orders/1?x=1`;
    try {
      await mailer.send({ to: 'Ayesha Khan <ayesha@uni.edu.pk>', subject: 'آرڈر ✓', text });
      const [mail] = await listOutbox(dir);
      expect(mail).toMatchObject({
        to: 'Ayesha Khan <ayesha@uni.edu.pk>',
        subject: 'آرڈر ✓',
        text,
        links: ['https://campus.test/orders/1?x=1'],
      });
      expect(mail?.id).toMatch(/\.eml$/);
      expect(Date.parse(mail?.date ?? '')).not.toBeNaN();
    } finally {
      mailer.close();
    }
  });

  it('lists nothing for a folder that does not exist', async () => {
    expect(await listOutbox(join(dir, 'missing'))).toEqual([]);
  });
});
