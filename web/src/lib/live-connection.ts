import {
  LIVE_EVENTS_PATH,
  type TOrderLiveEvent,
  ZLiveEvent,
} from '@campus/shared/domain/live-events';

/** How often pages refetch while the stream cannot be had. */
export const POLL_MS = 15_000;
/** Errors in a row, without an open in between, before the browser's own retries are given up. */
const MAX_ERRORS = 3;
/** While polling, the stream is tried again after this long, doubling up to REOPEN_MAX_MS. */
const REOPEN_MS = 30_000;
const REOPEN_MAX_MS = 5 * 60_000;

/** 'open': events arrive; 'connecting': (re)opening; 'polling': refetching every POLL_MS. */
export type LiveStatus = 'connecting' | 'open' | 'polling';

/** What a page does with live updates. */
export interface LiveListener {
  /** An order changed (ids only: refetch what shows it). */
  onOrder?(event: TOrderLiveEvent): void;
  /**
   * Refetch everything shown: the stream (re)opened, the server says events were missed, or a
   * poll is due.
   */
  onRefresh(): void;
  onStatus?(status: LiveStatus): void;
}

/** The part of EventSource this uses, so that tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

const CLOSED = 2;

export type EventSourceFactory = (url: string) => EventSourceLike;

const browserEventSource: EventSourceFactory = (url) => new EventSource(url);

/**
 * One EventSource on GET /api/events for every listener of the page. The browser reconnects by
 * itself (resuming with Last-Event-ID); when it cannot open the stream at all (refused, no
 * EventSource, errors in a row) the connection falls back to polling, and tries the stream
 * again now and then. Every (re)open asks listeners to refetch, since events may have been missed.
 */
export class LiveConnection {
  private readonly listeners = new Set<LiveListener>();
  private source: EventSourceLike | null = null;
  private errors = 0;
  private reopenDelay = REOPEN_MS;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  status: LiveStatus = 'connecting';

  constructor(private readonly createSource: EventSourceFactory = browserEventSource) {
    this.open();
  }

  /** Adds a listener; returns how to remove it. */
  add(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Closes the stream and stops polling, for good. */
  close(): void {
    this.closed = true;
    this.source?.close();
    this.source = null;
    clearInterval(this.pollTimer);
    clearTimeout(this.reopenTimer);
  }

  private open(): void {
    if (this.closed) return;
    let source: EventSourceLike;
    try {
      source = this.createSource(LIVE_EVENTS_PATH);
    } catch (error) {
      // No EventSource in this browser, or it refused the URL: polling does the job.
      console.warn('Live updates unavailable; refreshing every few seconds instead', error);
      this.fallBack();
      return;
    }
    this.source = source;
    this.errors = 0;
    this.setStatus('connecting');
    source.onopen = () => {
      this.errors = 0;
      this.reopenDelay = REOPEN_MS;
      clearInterval(this.pollTimer);
      this.pollTimer = undefined;
      this.setStatus('open');
      this.refresh();
    };
    source.onmessage = (message) => this.receive(message.data);
    source.onerror = () => {
      if (this.source !== source) return;
      this.errors += 1;
      // CLOSED: refused (signed out, too many tabs, no Redis) and the browser will not retry.
      if (source.readyState === CLOSED || this.errors >= MAX_ERRORS) {
        source.close();
        this.source = null;
        this.fallBack();
      } else {
        this.setStatus('connecting');
      }
    };
  }

  private receive(data: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(data));
    } catch {
      return;
    }
    const event = ZLiveEvent.safeParse(parsed);
    if (!event.success) return;
    if (event.data.type === 'resync') {
      this.refresh();
      return;
    }
    const order = event.data;
    for (const listener of [...this.listeners]) listener.onOrder?.(order);
  }

  private fallBack(): void {
    if (this.closed) return;
    this.setStatus('polling');
    this.pollTimer ??= setInterval(() => this.refresh(), POLL_MS);
    clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => this.open(), this.reopenDelay);
    this.reopenDelay = Math.min(this.reopenDelay * 2, REOPEN_MAX_MS);
  }

  private refresh(): void {
    for (const listener of [...this.listeners]) listener.onRefresh();
  }

  private setStatus(status: LiveStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.listeners]) listener.onStatus?.(status);
  }
}
