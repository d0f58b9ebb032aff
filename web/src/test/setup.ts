import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The web's component tests (happy-dom): each test starts on an empty page with the real fetch.
// Screens load their code on first use (lazy routes), which can take a while in a cold run.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
