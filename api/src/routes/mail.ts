import { listOutbox } from '@campus/shared/server/mail/eml';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireRole } from '../auth/guards';

/**
 * The outbox for a local install without SMTP: the super admin reads verification and reset
 * e-mails here and can open their links. With SMTP configured there is nothing to list.
 */
export function mailRoutes() {
  return new Hono<AppEnv>().get('/', requireRole('superAdmin'), async (c) => {
    const { mailer } = c.get('accounts');
    c.header('Cache-Control', 'no-store');
    return c.json({
      ok: true,
      transport: mailer.kind,
      messages: mailer.outboxDir ? await listOutbox(mailer.outboxDir) : [],
    });
  });
}
