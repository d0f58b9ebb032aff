import type { TMailOutboxResponse } from '@campus/shared/domain/account-api';
import { listOutbox } from '@campus/shared/server/mail/eml';
import type { Mailer } from '@campus/shared/server/mail/mailer';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Guards } from '../auth/guards';

/**
 * The outbox for a local install without SMTP: the super admin reads verification and reset
 * e-mails here and can open their links. With SMTP configured there is nothing to list.
 * Only the app's own links (PUBLIC_URL's origin) are given as links: a mail also carries what
 * people typed (an order's special instructions), and a link there is no link of ours.
 */
export function mailRoutes(mailer: Mailer, guards: Guards, publicUrl: string) {
  const ours = new URL(publicUrl).origin;
  const isOurs = (link: string) => URL.canParse(link) && new URL(link).origin === ours;
  return new Hono<AppEnv>().get('/', guards.requireRole('superAdmin'), async (c) => {
    c.header('Cache-Control', 'no-store');
    const body: TMailOutboxResponse = {
      ok: true,
      transport: mailer.kind,
      messages: (mailer.outboxDir ? await listOutbox(mailer.outboxDir) : []).map((mail) => ({
        ...mail,
        links: mail.links.filter(isOurs),
      })),
    };
    return c.json(body);
  });
}
