import type { Logger } from 'pino';

/** Runs the closers in order on the first SIGINT or SIGTERM, then exits; a second signal forces. */
export function closeOnSignal(log: Logger, closers: Array<() => Promise<unknown>>): void {
  let closing = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down');
    let code = 0;
    for (const close of closers) {
      try {
        await close();
      } catch (error) {
        code = 1;
        log.error({ err: error }, 'error while shutting down');
      }
    }
    process.exit(code);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
