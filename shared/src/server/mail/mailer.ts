import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { TServerConfig } from '../config';
import { newId } from '../db/ids';

/** One e-mail: a plain-text body always, an HTML body when the sender has one. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The Mailer port (docs/architecture.md §2): SMTP when configured, else .eml files in an outbox
 * folder.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /** The folder of .eml files, for the outbox mailer. */
  readonly outboxDir?: string;
  send(message: MailMessage): Promise<void>;
  /** Removes outbox files older than the retention; returns how many (0 for SMTP). */
  prune(now?: Date): Promise<number>;
  close(): void;
}

/** How long the outbox keeps a mail file unless MAIL_OUTBOX_RETENTION_DAYS says otherwise. */
export const DEFAULT_OUTBOX_RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600_000;

/** Picks the mailer from configuration: SMTP_URL, else the outbox folder. */
export function createMailer(options: {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
  log: Logger;
  /** Days an outbox file is kept (each mail is 8 KB or so; the folder would grow for ever). */
  retentionDays?: number;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent over SMTP');
      },
      prune: async () => 0,
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = options.outboxDir;
  return {
    kind: 'outbox',
    outboxDir: dir,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(dir, { recursive: true });
      // Sortable by time, unique across replicas sharing the folder.
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
      writeFileSync(join(dir, file), info.message as Buffer, { mode: 0o600 });
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to outbox',
      );
    },
    async prune(now = new Date()) {
      const before =
        now.getTime() - (options.retentionDays ?? DEFAULT_OUTBOX_RETENTION_DAYS) * DAY_MS;
      let removed = 0;
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.eml'))) {
        const path = join(dir, file);
        const info = await stat(path).catch(() => null);
        if (info && info.mtimeMs < before) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
      if (removed > 0) options.log.info({ removed }, 'old mail files removed from the outbox');
      return removed;
    },
    close: () => transport.close(),
  };
}

/** The mailer a process's configuration asks for: SMTP_URL, else DATA_DIR/outbox. */
export function mailerFromConfig(
  config: Pick<TServerConfig, 'SMTP_URL' | 'DATA_DIR' | 'MAIL_FROM' | 'MAIL_OUTBOX_RETENTION_DAYS'>,
  log: Logger,
): Mailer {
  return createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: resolve(config.DATA_DIR, 'outbox'),
    from: config.MAIL_FROM,
    log,
    retentionDays: config.MAIL_OUTBOX_RETENTION_DAYS,
  });
}
