import type { RequestIdVariables } from 'hono/request-id';
import type { Logger } from 'pino';

export type AppEnv = { Variables: RequestIdVariables & { log: Logger } };
