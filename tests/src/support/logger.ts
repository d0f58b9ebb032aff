import { pino } from 'pino';

/** A logger for tests: silent unless LOG_LEVEL asks for more. */
export const testLog = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
