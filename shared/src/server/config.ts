import { resolve } from 'node:path';
import { z } from 'zod';
import { WHATSAPP_NUMBER_PATTERN } from '../domain/public-config';
import { QUOTE_HOLD_MINUTES } from '../domain/quote';

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** Every environment variable the server processes read, with its default. */
export const ZServerConfig = z.object({
  // Only this machine unless told otherwise (README, Configuration).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().trim().min(1).default('data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'only letters, digits, _ and -')
    .default('campus'),
  WEB_DIST_DIR: z.string().trim().min(1).default('web/dist'),
  // Signs sessions and captcha challenges. npm start keeps a generated one in DATA_DIR; a scaled-mode
  // api refuses to start without it, since every replica must share it.
  AUTH_SECRET: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters (for example: openssl rand -hex 32)',
    }),
  // The address people open, used in e-mailed links; defaults to http://localhost:PORT.
  PUBLIC_URL: optionalUrl(['http', 'https']),
  // Unset: e-mails are written as .eml files to DATA_DIR/outbox and listed for the super admin.
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().min(3).default('CampusBucket <no-reply@campusbucket.local>'),
  // Days a mail file stays in DATA_DIR/outbox (without SMTP_URL); the worker removes older ones.
  MAIL_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // The captcha's proof of work: solving takes time in proportion to this (2000 is about 0.3 s on
  // a laptop core, 1-2 s on a phone). Lower it only for load tests, which solve thousands.
  CAPTCHA_COUNTER_MAX: z.coerce.number().int().min(10).max(1_000_000).default(2_000),
  // Set when a reverse proxy in front of the api sets X-Forwarded-For (rate limits key on the IP).
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => value === 'true'),
  // Unset: npm start seeds an empty database; a scaled-mode api never does, since demo accounts
  // with published passwords have no place in a deployment.
  SEED_DEMO_DATA: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value === 'true')),
  // The pay-to account checkout shows for a campus without its own (admins set a campus's own).
  PAY_TO_ACCOUNT_TITLE: z.string().trim().default('CampusBucket'),
  PAY_TO_BANK_NAME: z.string().trim().default('Meezan Bank'),
  PAY_TO_ACCOUNT_NUMBER: z.string().trim().default('PK00 MEZN 0000 0000 0000 0000'),
  // How long checkout's quote holds its prices and mart stock (docs/decisions/025-held-quote.md).
  QUOTE_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(QUOTE_HOLD_MINUTES),
  // Unset: payment screenshots and photos are files in DATA_DIR/uploads served by the api.
  // cloudinary://KEY:SECRET@CLOUD_NAME stores them on Cloudinary instead.
  CLOUDINARY_URL: optionalUrl(['cloudinary']),
  // All three set: orders go to this Google spreadsheet through a service account. All unset: to
  // tabs kept in the database, viewed and exported in the app.
  GOOGLE_SHEETS_SPREADSHEET_ID: optionalText(),
  GOOGLE_SHEETS_CLIENT_EMAIL: optionalText(),
  // The service account's PEM key; literal \n sequences (as in a one-line .env value) are newlines.
  GOOGLE_SHEETS_PRIVATE_KEY: optionalText().transform((key) => key?.replace(/\\n/g, '\n')),
  // Google allows about 60 writes a minute per service account; stay under it with room for others.
  SHEETS_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(50),
  // Seconds between heartbeats on open event streams (live updates): under the idle timeout of any
  // proxy in front of the api, or it closes quiet streams.
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  // Lets Prometheus scrape GET /metrics with `Authorization: Bearer <token>` (a signed-in super
  // admin may read it without). Unset: only super admins, and no worker metrics port.
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || /^\S{32,}$/.test(value), {
      message: 'must be at least 32 characters without spaces (for example: openssl rand -hex 32)',
    }),
  // The port on which a worker serves its own GET /metrics (bearer of METRICS_TOKEN only), so that
  // every replica is scraped. Unset: no port. The all-in-one process shows them in the api's.
  WORKER_METRICS_PORT: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' || value === undefined ? undefined : Number(value)))
    .refine(
      (value) => value === undefined || (Number.isInteger(value) && value >= 1 && value <= 65535),
      {
        message: 'must be a port number (1-65535)',
      },
    ),
  // The floating chat link (wa.me) is shown only when this is set.
  WHATSAPP_NUMBER: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || WHATSAPP_NUMBER_PATTERN.test(value), {
      message: 'digits only, international format without + or a leading 0, like 923001234567',
    }),
});

export type TServerConfig = z.infer<typeof ZServerConfig>;

const GOOGLE_SHEETS_KEYS = [
  'GOOGLE_SHEETS_SPREADSHEET_ID',
  'GOOGLE_SHEETS_CLIENT_EMAIL',
  'GOOGLE_SHEETS_PRIVATE_KEY',
] as const;

/** The Google Sheets service account, when configured (all three keys), else null. */
export function googleSheetsConfig(
  config: TServerConfig,
): { spreadsheetId: string; clientEmail: string; privateKey: string } | null {
  if (!config.GOOGLE_SHEETS_SPREADSHEET_ID) return null;
  return {
    spreadsheetId: config.GOOGLE_SHEETS_SPREADSHEET_ID,
    clientEmail: config.GOOGLE_SHEETS_CLIENT_EMAIL ?? '',
    privateKey: config.GOOGLE_SHEETS_PRIVATE_KEY ?? '',
  };
}

/** The pay-to account of a campus that has none of its own. */
export function defaultPayTo(config: TServerConfig) {
  return {
    accountTitle: config.PAY_TO_ACCOUNT_TITLE,
    bankName: config.PAY_TO_BANK_NAME,
    accountNumber: config.PAY_TO_ACCOUNT_NUMBER,
  };
}

/** Thrown when the environment does not describe a usable configuration; lists every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; throws ConfigError naming every bad or missing variable. */
export function parseConfig(env: Record<string, string | undefined>): TServerConfig {
  const result = ZServerConfig.superRefine((config, ctx) => {
    const set = GOOGLE_SHEETS_KEYS.filter((key) => config[key] !== undefined);
    if (set.length > 0 && set.length < GOOGLE_SHEETS_KEYS.length) {
      for (const key of GOOGLE_SHEETS_KEYS.filter((k) => config[k] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `must be set with ${set.join(' and ')} (or leave all GOOGLE_SHEETS_* unset)`,
        });
      }
    }
    if (config.WORKER_METRICS_PORT !== undefined && config.METRICS_TOKEN === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKER_METRICS_PORT'],
        message:
          'needs METRICS_TOKEN: the worker serves its metrics to the bearer of that token only',
      });
    }
  }).safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/** Parses process.env for an entry point; on a bad value prints every problem and exits. */
export function loadConfigOrExit(): TServerConfig {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(
      `${error.message}\nSee .env.example for every variable and its default.\n`,
    );
    process.exit(1);
  }
}

/** The PostgreSQL URL a scaled-mode process needs; PGlite serves one process only. */
export function requireDatabaseUrl(config: TServerConfig, service: 'api' | 'worker'): string {
  if (config.DATABASE_URL) return config.DATABASE_URL;
  throw new Error(
    `The ${service} process on its own needs DATABASE_URL (PostgreSQL): the embedded database ` +
      'serves one process only. For a single machine, run "npm start" instead.',
  );
}

/** The address people open the app at: PUBLIC_URL, or this machine on the configured port. */
export function publicUrl(config: TServerConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** The local image store's folder (used unless CLOUDINARY_URL is set). */
export function uploadsDirOf(config: TServerConfig): string {
  return resolve(config.DATA_DIR, 'uploads');
}
