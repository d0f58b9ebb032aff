import type { TUserProfile } from '@campus/shared/domain/entities';
import type { TLiveEvent } from '@campus/shared/domain/live-events';
import {
  compareEventIds,
  type LoggedOrderEvent,
  type Replay,
} from '@campus/shared/server/events/order-events';
import type { SSEStreamingApi } from 'hono/streaming';

/** Writes a client has not taken yet before its stream is cut (it resumes from its last id). */
const MAX_PENDING_WRITES = 64;
/** Events kept for a stream that is still starting; more, and it gets a resync instead. */
const MAX_BUFFERED = 256;

const later = (a: string, b: string) => (compareEventIds(a, b) >= 0 ? a : b);

/**
 * One person's open event stream. It is registered before the event log is read, so events that
 * come while it starts are kept and sent after the replay (those the replay already had are
 * skipped by id); from then on events are written as they come, in order.
 */
export class LiveStream {
  private sink: SSEStreamingApi | undefined;
  private start: Replay | undefined;
  private buffered: LoggedOrderEvent[] = [];
  private live = false;
  private closed = false;
  private pending = 0;
  /** A session check is under way (one at a time). */
  private checking = false;
  /** A resync is owed (events may have been missed while starting); its id at least this. */
  private resyncFrom: string | null = null;
  /** The latest log id the browser was told: later events only are sent. */
  private lastId = '0-0';
  private finish: () => void = () => {};
  private readonly ended = new Promise<void>((resolve) => {
    this.finish = resolve;
  });
  private readonly ageLimit: NodeJS.Timeout;

  constructor(
    readonly person: TUserProfile,
    private readonly options: {
      /** The browser's reconnection delay (the SSE retry field). */
      retryMs: number;
      /** After this long the stream ends and the browser reconnects (its session checked again). */
      maxAgeMs: number;
      /** Whether the person may see an event (a replay holds everyone's). */
      mayFollow: (event: LoggedOrderEvent) => boolean;
      /** Whether the stream's session still has the rights it opened with. */
      stillAllowed: () => Promise<boolean>;
      onClose: (stream: LiveStream) => void;
    },
  ) {
    this.ageLimit = setTimeout(() => this.close(), options.maxAgeMs);
    this.ageLimit.unref();
  }

  /** Where the stream starts, once the log was read: the replay since Last-Event-ID, or the tip. */
  startAt(start: Replay): void {
    this.start = start;
  }

  /**
   * Writes to the browser until the stream closes (the client goes, the server stops, the age
   * limit): first the retry hint and where it starts, then what came meanwhile, then live events.
   */
  async run(sink: SSEStreamingApi): Promise<void> {
    const { start } = this;
    if (this.closed || !start) return;
    this.sink = sink;
    sink.onAbort(() => this.close());
    this.write(`retry: ${this.options.retryMs}\n\n`);
    if (start.kind === 'resync' || this.resyncFrom !== null) {
      this.sendResync(later(start.tip, this.resyncFrom ?? '0-0'));
    } else {
      for (const event of start.events) if (this.options.mayFollow(event)) this.sendEvent(event);
      this.advanceTo(start.tip);
    }
    this.live = true;
    for (const event of this.buffered.splice(0)) this.deliver(event);
    await this.ended;
  }

  /** An event from the channel (in log order); sent if this person may follow its order. */
  deliver(event: LoggedOrderEvent): void {
    if (this.closed || !this.options.mayFollow(event)) return;
    if (!this.live) {
      if (this.buffered.length < MAX_BUFFERED) this.buffered.push(event);
      else this.resync(event.id);
      return;
    }
    if (compareEventIds(event.id, this.lastId) > 0) this.sendEvent(event);
  }

  /** Events may have been missed (the channel was lost): the browser refetches everything. */
  resync(tip: string): void {
    if (this.closed) return;
    if (!this.live) {
      this.resyncFrom = later(tip, this.resyncFrom ?? '0-0');
      this.buffered = [];
      return;
    }
    this.sendResync(tip);
  }

  /**
   * Keeps proxies from closing a quiet connection, and moves the browser's Last-Event-ID up to
   * `cursor`, the latest id the channel brought (every event up to it for this person was sent),
   * so that a reconnect replays little.
   */
  heartbeat(cursor: string): void {
    if (!this.live || this.closed) return;
    if (compareEventIds(cursor, this.lastId) > 0) {
      this.lastId = cursor;
      this.write(`: heartbeat\nid: ${cursor}\n\n`);
    } else {
      this.write(': heartbeat\n\n');
    }
  }

  /**
   * Ends the stream when its session ended or its rights changed; a check that fails (the
   * database away) keeps it, and the next heartbeat asks again.
   */
  checkSession(): void {
    if (this.closed || this.checking) return;
    this.checking = true;
    this.options
      .stillAllowed()
      .then(
        (allowed) => {
          if (!allowed) this.close();
        },
        () => {},
      )
      .finally(() => {
        this.checking = false;
      });
  }

  /** Ends the stream; the browser reconnects after its retry delay (to any replica). */
  close(): void {
    this.shut(false);
  }

  private shut(abort: boolean): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.ageLimit);
    this.buffered = [];
    if (abort) this.sink?.abort();
    this.options.onClose(this);
    this.finish();
  }

  private sendEvent(event: LoggedOrderEvent): void {
    const wire: TLiveEvent = {
      type: 'order',
      id: event.id,
      orderId: event.orderId,
      state: event.state,
    };
    this.lastId = event.id;
    this.write(`id: ${event.id}\ndata: ${JSON.stringify(wire)}\n\n`);
  }

  private sendResync(tip: string): void {
    const id = later(tip, this.lastId);
    const wire: TLiveEvent = { type: 'resync', id };
    this.lastId = id;
    this.write(`id: ${id}\ndata: ${JSON.stringify(wire)}\n\n`);
  }

  private advanceTo(tip: string): void {
    if (compareEventIds(tip, this.lastId) <= 0) return;
    this.lastId = tip;
    this.write(`id: ${tip}\n\n`);
  }

  private write(text: string): void {
    const sink = this.sink;
    if (this.closed || !sink) return;
    // A client that stopped reading (a frozen tab, a dead network) must not make us hold an
    // ever longer queue: cut it; a live browser reconnects and resumes from its last id.
    if (this.pending >= MAX_PENDING_WRITES) {
      this.shut(true);
      return;
    }
    this.pending += 1;
    void sink.write(text).finally(() => {
      this.pending -= 1;
    });
  }
}
