import type { Logger } from 'pino';

/**
 * Runs `task` every intervalMs (counted from the end of the previous run, so runs never overlap)
 * until closed; a failed run is logged and the next one comes as usual.
 */
export function startPeriodic(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: Logger,
): { close(): Promise<void> } {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const tick = () => {
    running = task()
      .catch((error: unknown) => log.warn({ err: error, task: name }, 'periodic task failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
