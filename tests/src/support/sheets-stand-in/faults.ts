import { ApiError } from './requests';
import type { Timers } from './timers';
import type { FaultTarget, HeldAppend, SheetsFault } from './types';

// What the stand-in does to calls besides answering them: injected faults (queued or at random,
// seeded), Google's per-minute write quota, and an append held until the test releases it.

/** A fault waiting for its call. */
export interface QueuedFault {
  fault: SheetsFault;
  on: FaultTarget;
  retryAfterSeconds: number | null;
}

/** Faults that write first, then fail: they only ever hit writes. */
export const WRITING_FAULTS: ReadonlySet<SheetsFault> = new Set([
  'lost-response',
  'written-500',
  'written-timeout',
]);

// Short, so tests that honour it stay fast; Google itself seldom sends Retry-After at all.
export const DEFAULT_RETRY_AFTER_S = 1;

const DEFAULT_SEED = 20240601;

/** The faults to inject: a queue for the next calls, and a probability for any call. */
export class FaultInjector {
  private readonly queue: QueuedFault[] = [];
  private random: () => number;
  private randomFaults:
    | {
        probability: number;
        kinds: SheetsFault[];
        on: FaultTarget;
        retryAfterSeconds: number | null;
      }
    | undefined;

  constructor(private readonly seed = DEFAULT_SEED) {
    this.random = mulberry32(seed);
  }

  failNext(fault: SheetsFault, times: number, on: FaultTarget, retryAfterSeconds: number | null) {
    for (let i = 0; i < times; i++) this.queue.push({ fault, on, retryAfterSeconds });
  }

  setRandom(options: {
    probability: number;
    kinds: SheetsFault[];
    on: FaultTarget;
    retryAfterSeconds: number | null;
  }) {
    this.randomFaults = options;
  }

  /** Drops queued and random faults, and starts the random ones' sequence again. */
  clear() {
    this.queue.length = 0;
    this.randomFaults = undefined;
    this.random = mulberry32(this.seed);
  }

  /**
   * The fault for a call of this kind: the first queued one that may hit it, else maybe one at
   * random.
   */
  next(kind: 'read' | 'write'): QueuedFault | undefined {
    const index = this.queue.findIndex(
      (q) =>
        (q.on === 'any' || q.on === kind) && (kind === 'write' || !WRITING_FAULTS.has(q.fault)),
    );
    if (index >= 0) return this.queue.splice(index, 1)[0];
    const randomFaults = this.randomFaults;
    if (randomFaults && (randomFaults.on === 'any' || randomFaults.on === kind)) {
      const kinds = randomFaults.kinds.filter((f) => kind === 'write' || !WRITING_FAULTS.has(f));
      if (kinds.length > 0 && this.random() < randomFaults.probability) {
        const fault = kinds[Math.floor(this.random() * kinds.length)] as SheetsFault;
        return { fault, on: randomFaults.on, retryAfterSeconds: randomFaults.retryAfterSeconds };
      }
    }
    return undefined;
  }
}

/** Google's write quota: so many writes per rolling window, else 429 with Retry-After. */
export class WriteQuota {
  private readonly writeTimes: number[] = [];

  constructor(
    private writesPerMinute: number,
    private windowMs: number,
  ) {}

  set(writesPerMinute: number, windowMs: number) {
    this.writesPerMinute = writesPerMinute;
    this.windowMs = windowMs;
    this.writeTimes.length = 0;
  }

  /** The 429 for a write now, or undefined when the quota has room for it. */
  refusal(): ApiError | undefined {
    const now = Date.now();
    while (this.writeTimes.length > 0 && (this.writeTimes[0] as number) <= now - this.windowMs) {
      this.writeTimes.shift();
    }
    if (this.writeTimes.length < this.writesPerMinute) return undefined;
    const waitMs = (this.writeTimes[0] as number) + this.windowMs - now;
    return new ApiError(
      429,
      'RESOURCE_EXHAUSTED',
      "Quota exceeded for quota metric 'Write requests' and limit 'Write requests per minute per user' of service 'sheets.googleapis.com'.",
      { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) },
    );
  }

  /** Counts a write against the quota. */
  take() {
    this.writeTimes.push(Date.now());
  }
}

/** The next append, held unanswered when a test asked for it (holdNextAppend). */
export class AppendHold {
  private waiting: ((held: HeldAppend) => void) | undefined;

  constructor(private readonly timers: Timers) {}

  /** Resolves with the next append to arrive; rejects if none arrives within `withinMs`. */
  next(withinMs: number): Promise<HeldAppend> {
    if (this.waiting) throw new Error('an append is already awaited');
    return new Promise((resolve, reject) => {
      const timer = this.timers.start(withinMs, () => {
        this.waiting = undefined;
        reject(new Error(`no append reached the sheets stand-in within ${withinMs} ms`));
      });
      this.waiting = (held) => {
        this.timers.cancel(timer);
        resolve(held);
      };
    });
  }

  /** Hands an arriving append to the test that waits for one; false when none waits. */
  take(arrival: () => HeldAppend): boolean {
    const arrived = this.waiting;
    if (!arrived) return false;
    this.waiting = undefined;
    arrived(arrival());
    return true;
  }
}

/** A small seeded PRNG, so random faults replay the same way for one seed. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
