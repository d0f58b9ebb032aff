// zod/mini: the web reads the session on first paint, where every kilobyte counts.
import * as z from 'zod/mini';
import { ZUserProfile } from './entities';

// The account api's answers (under /api/account, and the super admin's mail outbox); every one is
// `{ ok: true, ... }` or the error shape of CONVENTIONS.md. Requests are the forms of auth-forms.ts.

/** GET /session: the signed-in profile, or null when signed out. */
export const ZSessionResponse = z.object({ ok: z.literal(true), user: z.nullable(ZUserProfile) });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** POST /sign-in: the profile and the page the person lands on. */
export const ZSignInResponse = z.object({
  ok: z.literal(true),
  user: ZUserProfile,
  route: z.string(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/** POST /sign-out. */
export const ZSignOutResponse = z.object({ ok: z.literal(true) });
export type TSignOutResponse = z.infer<typeof ZSignOutResponse>;

/** POST /sign-up, /password-reset and /new-password: what to tell the person. */
export const ZMessageResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** GET /allowed-domains?campusId: the e-mail domains sign-up allows at the campus. */
export const ZAllowedDomainsResponse = z.object({
  ok: z.literal(true),
  domains: z.array(z.string()),
});
export type TAllowedDomainsResponse = z.infer<typeof ZAllowedDomainsResponse>;

/** A mail of the local outbox as the super admin reads it. */
export const ZOutboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  date: z.string(),
  text: z.string(),
  links: z.array(z.string()),
});
export type TOutboxMail = z.infer<typeof ZOutboxMail>;

/** GET /api/admin/mail: the outbox of an install without SMTP (none listed with SMTP). */
export const ZMailOutboxResponse = z.object({
  ok: z.literal(true),
  transport: z.enum(['smtp', 'outbox']),
  messages: z.array(ZOutboxMail),
});
export type TMailOutboxResponse = z.infer<typeof ZMailOutboxResponse>;
