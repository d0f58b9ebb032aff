import type { Logger } from 'pino';
import { flushLogger } from './logger';

// Ctrl-C reaches every process of the group and npm forwards it again, so one key press can arrive
// several times within a few milliseconds: those count as one.
const REPEAT_WINDOW_MS = 1_000;
// A closer that hangs (a job that never ends, a peer that never answers) must not keep the
// process, and everything closed after it, open forever.
const CLOSE_TIMEOUT_MS = 15_000;

/**
 * What a process has opened, closed in reverse order on SIGINT, SIGTERM, a crash or a failed
 * start. Register each resource right after it opens, so that nothing is left open at any point.
 */
export class Lifecycle {
  private readonly closers: Array<{ name: string; close: () => Promise<unknown> }> = [];
  private closing: Promise<boolean> | undefined;
  private closingSince = 0;

  constructor(private readonly log: Logger) {}

  /** Registers a resource; the last one opened is the first one closed. */
  add(name: string, close: () => Promise<unknown>): void {
    this.closers.unshift({ name, close });
  }

  /** Closes everything once; resolves false when a closer failed or timed out. */
  closeAll(): Promise<boolean> {
    this.closing ??= this.runClosers();
    return this.closing;
  }

  /** Closes everything and exits on a signal or a crash; a later, separate signal forces. */
  exitOnSignals(): void {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.closing) {
        if (Date.now() - this.closingSince < REPEAT_WINDOW_MS) return;
        this.log.warn({ signal }, 'second signal: exiting without waiting');
        process.exit(1);
      }
      this.log.info({ signal }, 'shutting down');
      void this.exit(0);
    };
    const onCrash = (error: unknown) => {
      this.log.fatal({ err: error }, 'crashed');
      void this.exit(1);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  }

  /** Closes everything, writes out the log, then exits with code (1 if closing failed). */
  async exit(code: number): Promise<never> {
    const clean = await this.closeAll();
    await flushLogger(this.log);
    process.exit(clean ? code : 1);
  }

  private async runClosers(): Promise<boolean> {
    this.closingSince = Date.now();
    let clean = true;
    for (const { name, close } of this.closers) {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          close(),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`did not close within ${CLOSE_TIMEOUT_MS / 1000} s`)),
              CLOSE_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (error) {
        clean = false;
        this.log.error({ err: error, resource: name }, 'error while shutting down');
      } finally {
        clearTimeout(timer);
      }
    }
    return clean;
  }
}
