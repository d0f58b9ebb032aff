/** The stand-in's pending timers (held calls, latency, awaited appends), all stopped by down(). */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  /** Runs `fire` after `ms`, unless cancelled first. */
  start(ms: number, fire: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      fire();
    }, ms);
    this.pending.add(timer);
    return timer;
  }

  /** Stops a timer; false when it already fired or was stopped. */
  cancel(timer: NodeJS.Timeout): boolean {
    if (!this.pending.delete(timer)) return false;
    clearTimeout(timer);
    return true;
  }

  cancelAll() {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.start(ms, resolve));
  }
}
