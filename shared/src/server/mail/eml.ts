import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a person needs from a raw RFC 822 message: who, what, when, the text and its links. */
export interface ReadMail {
  to: string;
  subject: string;
  date: string;
  text: string;
  links: string[];
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitHeadersAndBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = encoding?.toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes an encoded-word header such as a UTF-8 subject. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** The text/plain body of a message, walking multipart parts. */
function plainText(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const [partHeaderBlock, partBody] = splitHeadersAndBody(part.replace(/^\r?\n/, ''));
      const text = plainText(parseHeaders(partHeaderBlock), partBody);
      if (text) return text;
    }
    return '';
  }
  if (!type.toLowerCase().startsWith('text/plain')) return '';
  return decodeBody(body, headers.get('content-transfer-encoding')).trim();
}

/** Reads a raw message as written by nodemailer (outbox files, or what an SMTP server receives). */
export function readMail(raw: string): ReadMail {
  const [headerBlock, body] = splitHeadersAndBody(raw);
  const headers = parseHeaders(headerBlock);
  const text = plainText(headers, body);
  return {
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    date: headers.get('date') ?? '',
    text,
    links: [...new Set(text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
  };
}

/** The outbox's messages, newest first, each with its file name as id. */
export function listOutbox(dir: string, limit = 100): Array<ReadMail & { id: string }> {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .slice(0, limit)
    .map((file) => ({ id: file, ...readMail(readFileSync(join(dir, file), 'utf8')) }));
}
