import { type TLiveEvent, ZLiveEvent } from '@campus/shared/domain/live-events';

/** One block of a Server-Sent Events stream, up to its blank line. */
export interface SseBlock {
  id?: string;
  data?: string;
  retry?: number;
  comments: string[];
}

/**
 * Reads a text/event-stream body as a browser's EventSource parses it (fields, comments, blocks
 * ended by a blank line), keeping every block so that tests can also see heartbeats and id-only
 * blocks, which an EventSource never dispatches.
 */
export class EventStreamReader {
  readonly blocks: SseBlock[] = [];
  ended = false;
  private read = 0;
  private wake: (() => void) | undefined;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;

  constructor(
    readonly response: Response,
    private readonly abort?: () => void,
  ) {
    if (!response.body) throw new Error('the answer has no body');
    this.reader = response.body.getReader();
    void this.pump();
  }

  /** The id a reconnecting EventSource would send as Last-Event-ID. */
  get lastEventId(): string | undefined {
    return this.blocks.findLast((block) => block.id !== undefined)?.id;
  }

  /** Every live event dispatched so far. */
  get events(): TLiveEvent[] {
    return this.blocks.flatMap((block) =>
      block.data === undefined ? [] : [ZLiveEvent.parse(JSON.parse(block.data))],
    );
  }

  /** The next block not yet taken; throws after timeoutMs, or once the stream ended. */
  async next(timeoutMs = 5_000): Promise<SseBlock> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.blocks.length) {
      if (this.ended) throw new Error('the event stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event-stream block within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.blocks[this.read++] as SseBlock;
  }

  /** Takes blocks until a live event matching `wanted` is dispatched; returns that event. */
  async nextEvent(
    wanted: (event: TLiveEvent) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<TLiveEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const block = await this.next(Math.max(1, deadline - Date.now()));
      if (block.data === undefined) continue;
      const event = ZLiveEvent.parse(JSON.parse(block.data));
      if (wanted(event)) return event;
    }
  }

  /** Resolves once the server ended the stream; throws after timeoutMs. */
  async waitForEnd(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error(`the stream did not end within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** Leaves the stream as a closing tab does. */
  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.abort?.();
    await this.reader.cancel().catch(() => {});
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let text = '';
    let block: SseBlock = { comments: [] };
    try {
      for (;;) {
        const { done, value } = await this.reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        const lines = text.split(/\r\n|\r|\n/);
        text = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') {
            if (block.id !== undefined || block.data !== undefined || block.retry !== undefined) {
              this.blocks.push(block);
            } else if (block.comments.length > 0) {
              this.blocks.push(block);
            }
            block = { comments: [] };
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === '') block.comments.push(value);
          else if (field === 'id') block.id = value;
          else if (field === 'data')
            block.data = block.data === undefined ? value : `${block.data}\n${value}`;
          else if (field === 'retry') block.retry = Number(value);
        }
        this.wake?.();
      }
    } catch {
      // Cancelled by close(), or the connection was cut: either way the stream is over.
    } finally {
      this.ended = true;
      this.wake?.();
    }
  }
}

/** The request a browser's EventSource sends for GET /api/events. */
export function eventStreamRequest(
  cookie: string | undefined,
  lastEventId?: string,
  signal?: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (cookie) headers.cookie = cookie;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  return { headers, signal };
}

/** Opens GET /api/events over HTTP as a browser's EventSource does; throws unless it is a 200. */
export async function openEventStream(
  baseUrl: string,
  cookie: string,
  lastEventId?: string,
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(
    `${baseUrl}/api/events`,
    eventStreamRequest(cookie, lastEventId, controller.signal),
  );
  if (response.status !== 200) {
    throw new Error(`GET /api/events answered ${response.status}: ${await response.text()}`);
  }
  return new EventStreamReader(response, () => controller.abort());
}
