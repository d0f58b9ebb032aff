import type { TOrderLiveEvent } from '@campus/shared/domain/live-events';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@/stores/auth';
import {
  type EventSourceFactory,
  LiveConnection,
  type LiveListener,
  type LiveStatus,
} from './live-connection';

/** A page left for another keeps the stream this long, so the next page does not reopen it. */
const LINGER_MS = 10_000;

// One connection per signed-in session, shared by every component that listens: opened by the
// first, closed a little after the last one left, or at once when someone else signs in.
let shared: {
  uid: string;
  connection: LiveConnection;
  linger?: ReturnType<typeof setTimeout>;
} | null = null;
let createSource: EventSourceFactory | undefined;

/** Tests hand in a fake EventSource; undefined puts the browser's back. Closes the current one. */
export function setEventSourceFactory(factory: EventSourceFactory | undefined): void {
  createSource = factory;
  clearTimeout(shared?.linger);
  shared?.connection.close();
  shared = null;
}

function join(uid: string, listener: LiveListener): () => void {
  if (shared && shared.uid !== uid) {
    clearTimeout(shared.linger);
    shared.connection.close();
    shared = null;
  }
  shared ??= { uid, connection: new LiveConnection(createSource) };
  const mine = shared;
  clearTimeout(mine.linger);
  const leave = mine.connection.add(listener);
  listener.onStatus?.(mine.connection.status);
  return () => {
    leave();
    if (mine.connection.listenerCount > 0) return;
    mine.linger = setTimeout(() => {
      mine.connection.close();
      if (shared === mine) shared = null;
    }, LINGER_MS);
  };
}

/**
 * Live updates for the signed-in person (docs/architecture.md §8): calls the listener's methods as
 * events come (see LiveListener). Nothing happens while signed out. Answers how the updates arrive
 * now ('off' when signed out).
 */
function useLiveEvents(listener: LiveListener): LiveStatus | 'off' {
  const uid = useAuth().user?.uid ?? null;
  const latest = useRef(listener);
  latest.current = listener;
  const [status, setStatus] = useState<LiveStatus | 'off'>('off');
  useEffect(() => {
    if (!uid) {
      setStatus('off');
      return;
    }
    return join(uid, {
      onOrder: (event) => latest.current.onOrder?.(event),
      onRefresh: () => latest.current.onRefresh(),
      onStatus: setStatus,
    });
  }, [uid]);
  return status;
}

/** Which order events concern a page: one order's, or those a test of its own picks. */
export type OrderFilter = { orderId: string } | ((event: TOrderLiveEvent) => boolean) | 'all';

/**
 * Keeps what a page shows of orders up to date without a reload: `queryKeys` are refetched when
 * an order the filter picks changes state, when events may have been missed (the stream opened
 * again, or the server says so), and every 15 s while the stream cannot be had. For example:
 *   useOrderEvents({ orderId }, [['order', orderId]]);
 *   useOrderEvents('all', [['admin-orders', campusId]]);
 */
export function useOrderEvents(
  filter: OrderFilter,
  queryKeys: readonly QueryKey[],
): LiveStatus | 'off' {
  const queryClient = useQueryClient();
  const refetch = () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  return useLiveEvents({
    onOrder: (event) => {
      const wanted =
        filter === 'all' ||
        (typeof filter === 'function' ? filter(event) : event.orderId === filter.orderId);
      if (wanted) refetch();
    },
    onRefresh: refetch,
  });
}
