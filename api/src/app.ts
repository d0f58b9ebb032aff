import { AppError } from '@campus/shared/domain/app-error';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
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
    throw new AppError({ code: 'not-found', status: 404, userMessage: 'Not found.' });
  });
  app.route('/', webRoutes(deps.webDistDir));

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(
        { error: { code: error.code, message: error.userMessage, fields: error.fields } },
        error.status as 400,
      );
    }
    c.get('log').error({ err: error }, 'unhandled error');
    return c.json(
      { error: { code: 'internal', message: 'Internal server error. Please try again.' } },
      500,
    );
  });
  return app;
}
