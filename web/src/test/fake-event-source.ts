import type { EventSourceLike } from '@/lib/live-connection';

/**
 * An EventSource the test drives: it opens, delivers and fails when told to, as a browser's
 * does when the api answers, sends an event, or refuses (readyState CLOSED) or loses the stream
 * (readyState CONNECTING, the browser retrying by itself).
 */
export class FakeEventSource implements EventSourceLike {
  /** Every one made, oldest first. */
  static made: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }

  static reset(): void {
    FakeEventSource.made = [];
  }

  /** The newest one; throws when none was made. */
  static latest(): FakeEventSource {
    const source = FakeEventSource.made.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  /** How many are open now (made and not closed). */
  static openCount(): number {
    return FakeEventSource.made.filter((source) => !source.closed).length;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  send(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }

  /** The api refused the stream (401, 429, 503): the browser gives up. */
  refuse(): void {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }

  /** The stream was lost: the browser will try again by itself. */
  drop(): void {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
}
