import type { TUserProfile } from '@campus/shared/domain/entities';
import type { RequestIdVariables } from 'hono/request-id';
import type { Logger } from 'pino';
import type { AccountServices } from './auth/services';

export type AppEnv = {
  Variables: RequestIdVariables & {
    log: Logger;
    accounts: AccountServices;
    /** The signed-in profile, once a guard has looked it up (null: signed out). */
    user?: TUserProfile | null;
  };
};
