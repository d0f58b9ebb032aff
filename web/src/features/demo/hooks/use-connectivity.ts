import { CONNECTIVITY_TIMEOUT_MS } from '@campus/shared/domain/limits';
import { useEffect, useState } from 'react';

/**
 * docs/product.md §4 database client connectivity, as docs/architecture.md §7 reads it: the api's
 * reachability.
 */
export type Connectivity = 'Unknown' | 'Online' | 'Offline';

/** How often the api is asked again while the page is open. */
const POLL_INTERVAL_MS = 15_000;

/**
 * Unknown until /healthz first answers; Online after an answer; Offline after a failed request or
 * CONNECTIVITY_TIMEOUT_MS without an answer. The browser's own online/offline events ask at once.
 */
export function useConnectivity(): Connectivity {
  const [state, setState] = useState<Connectivity>('Unknown');
  useEffect(() => {
    let stopped = false;
    let inFlight: AbortController | null = null;
    let pollTimer: number | undefined;

    const check = async () => {
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      const timeout = window.setTimeout(() => controller.abort(), CONNECTIVITY_TIMEOUT_MS);
      let next: Connectivity;
      try {
        const response = await fetch('/healthz', { cache: 'no-store', signal: controller.signal });
        next = response.ok ? 'Online' : 'Offline';
      } catch {
        // No answer in time, or no answer at all (a superseded check is ignored below).
        next = 'Offline';
      } finally {
        window.clearTimeout(timeout);
      }
      if (stopped || controller !== inFlight) return;
      setState(next);
      window.clearTimeout(pollTimer);
      pollTimer = window.setTimeout(check, POLL_INTERVAL_MS);
    };
    const checkNow = () => void check();

    checkNow();
    window.addEventListener('online', checkNow);
    window.addEventListener('offline', checkNow);
    return () => {
      stopped = true;
      inFlight?.abort();
      window.clearTimeout(pollTimer);
      window.removeEventListener('online', checkNow);
      window.removeEventListener('offline', checkNow);
    };
  }, []);
  return state;
}
