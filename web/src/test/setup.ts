import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { setEventSourceFactory } from '@/lib/use-live-events';
import { FakeEventSource } from './fake-event-source';

// The web's component tests (happy-dom): each test starts on an empty page with the real fetch.
// Screens load their code on first use (lazy routes), which can take a while in a cold run.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom has no EventSource: a page's live updates get one that stays connecting (a test of
// live updates drives its own).
beforeEach(() => {
  setEventSourceFactory((url) => new FakeEventSource(url));
});

afterEach(() => {
  cleanup();
  // What checkout keeps for a reload stays in its own test (the server's render has no window).
  if (typeof window !== 'undefined') window.sessionStorage.clear();
  setEventSourceFactory(undefined);
  FakeEventSource.reset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
