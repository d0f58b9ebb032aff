import { AppError } from '@campus/shared/domain/app-error';
import { ERROR_CATEGORIES, toApiErrorResponse } from '@campus/shared/domain/error-catalogue';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env';
import { requestLog } from './middleware/request-log';
import { type HealthChecks, healthRoutes } from './routes/health';
import { webRoutes } from './routes/web';

export interface AppDeps {
  log: Logger;
  health: HealthChecks;
  webDistDir: string;
}

/** The api as a Hono app; the process entry points only decide what it runs on. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLog(deps.log));

  app.route('/', healthRoutes(deps.health));
  app.all('/api/*', () => {
    throw new AppError({
      code: 'not-found',
      status: 404,
      userMessage: ERROR_CATEGORIES.NOT_FOUND.message,
    });
  });
  app.route('/', webRoutes(deps.webDistDir));

  app.onError((error, c) => {
    if (!(error instanceof AppError)) c.get('log').error({ err: error }, 'unhandled error');
    const { status, body } = toApiErrorResponse(error);
    return c.json(body, status as ContentfulStatusCode);
  });
  return app;
}
