import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Logger } from 'pino';

/** What a request carries about itself; services arrive as arguments of the route factories. */
export type AppEnv = {
  Variables: {
    /** Set by answerHeaders: the caller's X-Request-Id or a new UUID. */
    requestId: string;
    log: Logger;
    /** The signed-in profile, once a guard has looked it up (null: signed out). */
    user?: TUserProfile | null;
  };
};
