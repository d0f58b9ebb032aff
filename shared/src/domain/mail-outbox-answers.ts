// The answer of GET /api/admin/mail: the local outbox the super admin reads without SMTP.

/** An e-mail the app wrote to its outbox, with the links a person needs from it. */
export interface TOutboxMail {
  id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  links: string[];
}

/** GET /api/admin/mail: the outbox's newest mails, or none when e-mail goes over SMTP. */
export interface TMailOutboxResponse {
  ok: true;
  transport: 'smtp' | 'outbox';
  messages: TOutboxMail[];
}
