import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/test/fake-event-source';
import { LiveConnection, type LiveStatus, POLL_MS } from './live-connection';

function listen(connection: LiveConnection) {
  const seen = { orders: [] as string[], refreshes: 0, statuses: [] as LiveStatus[] };
  connection.add({
    onOrder: (event) => seen.orders.push(`${event.orderId} ${event.state}`),
    onRefresh: () => {
      seen.refreshes += 1;
    },
    onStatus: (status) => seen.statuses.push(status),
  });
  return seen;
}

/** Longer than any wait of the connection. */
const REOPEN_AFTER_ALL = 10 * 60_000;

const connect = () => new LiveConnection((url) => new FakeEventSource(url));

beforeEach(() => {
  FakeEventSource.reset();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('opens /api/events, hands on order events, and asks for a refetch on open and on resync', () => {
    const connection = connect();
    const seen = listen(connection);
    const source = FakeEventSource.latest();
    expect(source.url).toBe('/api/events');

    source.open();
    expect(seen).toMatchObject({ refreshes: 1, statuses: ['open'] });
    source.send({ type: 'order', id: '1-0', orderId: 'o1', state: 'verified' });
    source.send({ type: 'resync', id: '2-0' });
    // Not ours: a message that is not JSON, or not an event, is ignored.
    source.onmessage?.(new MessageEvent('message', { data: 'hello' }));
    source.send({ type: 'order', id: 'x', orderId: 'o2', state: 'verified' });
    expect(seen.orders).toEqual(['o1 verified']);
    expect(seen.refreshes).toBe(2);
    connection.close();
  });

  it('polls every 15 s when the stream is refused, and goes back to it once it opens', () => {
    const connection = connect();
    const seen = listen(connection);
    FakeEventSource.latest().refuse();
    expect(connection.status).toBe('polling');
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.refreshes).toBe(1);
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.refreshes).toBe(2);

    // Tried again after 30 s, still refused: the next try waits twice as long.
    expect(FakeEventSource.made).toHaveLength(2);
    FakeEventSource.latest().refuse();
    vi.advanceTimersByTime(59_000);
    expect(FakeEventSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(FakeEventSource.made).toHaveLength(3);
    const refreshesBefore = seen.refreshes;

    FakeEventSource.latest().open();
    expect(connection.status).toBe('open');
    expect(seen.refreshes).toBe(refreshesBefore + 1);
    vi.advanceTimersByTime(POLL_MS * 4);
    expect(seen.refreshes).toBe(refreshesBefore + 1);
    expect(FakeEventSource.openCount()).toBe(1);
    connection.close();
  });

  it('leaves reconnecting to the browser, but polls after three errors in a row', () => {
    const connection = connect();
    const seen = listen(connection);
    const source = FakeEventSource.latest();
    source.open();
    source.drop();
    source.drop();
    expect(connection.status).toBe('connecting');
    // An open in between starts the count again (and refetches what the gap may have hidden).
    source.open();
    expect(seen.refreshes).toBe(2);
    source.drop();
    source.drop();
    source.drop();
    expect(connection.status).toBe('polling');
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.refreshes).toBe(3);
    connection.close();
  });

  it('polls when the browser has no EventSource', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const connection = new LiveConnection(() => {
      throw new ReferenceError('EventSource is not defined');
    });
    const seen = listen(connection);
    expect(connection.status).toBe('polling');
    vi.advanceTimersByTime(POLL_MS);
    expect(seen.refreshes).toBe(1);
    expect(warn).toHaveBeenCalled();
    connection.close();
    warn.mockRestore();
  });

  it('stops streaming and polling for good once closed', () => {
    const connection = connect();
    const seen = listen(connection);
    FakeEventSource.latest().refuse();
    connection.close();
    vi.advanceTimersByTime(REOPEN_AFTER_ALL);
    expect(seen.refreshes).toBe(0);
    expect(FakeEventSource.made).toHaveLength(1);
  });
});
