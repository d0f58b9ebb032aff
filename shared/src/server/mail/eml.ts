import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime, { type Address } from 'postal-mime';

/** What a person needs from a raw RFC 822 message: who, what, when, the text and its links. */
export interface ReadMail {
  to: string;
  subject: string;
  date: string;
  text: string;
  links: string[];
}

function formatAddress(address: Address): string {
  const mailboxes = address.group ?? [address];
  return mailboxes
    .map(({ name, address: email }) => (name ? `${name} <${email}>` : email))
    .join(', ');
}

/** Reads a raw message as written by nodemailer (outbox files, or what an SMTP server receives). */
export async function readMail(raw: string | Buffer): Promise<ReadMail> {
  const mail = await PostalMime.parse(raw);
  const text = (mail.text ?? '').trim();
  return {
    to: (mail.to ?? []).map(formatAddress).join(', '),
    subject: mail.subject ?? '',
    date: mail.headers.find((header) => header.key === 'date')?.value ?? '',
    text,
    links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
  };
}

/** The outbox's messages, newest first, each with its file name as id. */
export async function listOutbox(
  dir: string,
  limit = 100,
): Promise<Array<ReadMail & { id: string }>> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  const newest = files.sort().reverse().slice(0, limit);
  return Promise.all(
    newest.map(async (file) => ({
      id: file,
      ...(await readMail(await readFile(join(dir, file)))),
    })),
  );
}
