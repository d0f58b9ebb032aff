import { type Logger, pino } from 'pino';

/** The process's root logger; everything else logs through children of it. */
export function createLogger(options: { level: string; service: string }): Logger {
  return pino({
    level: options.level,
    base: { service: options.service },
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
  });
}
