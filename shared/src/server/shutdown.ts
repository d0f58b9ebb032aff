import type { Logger } from 'pino';

// Ctrl-C reaches every process of the group and npm forwards it again, so one key press can arrive
// several times within a few milliseconds: those count as one.
const REPEAT_WINDOW_MS = 1_000;

/** Runs the closers in order on the first SIGINT or SIGTERM, then exits; a later signal forces. */
export function closeOnSignal(log: Logger, closers: Array<() => Promise<unknown>>): void {
  let closingSince: number | undefined;
  const handler = async (signal: NodeJS.Signals) => {
    if (closingSince !== undefined) {
      if (Date.now() - closingSince < REPEAT_WINDOW_MS) return;
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closingSince = Date.now();
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
