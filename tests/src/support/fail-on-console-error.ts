import { afterEach, vi } from 'vitest';

// An unexpected console.error is a defect: fail the test that produced it.
let errors: unknown[][] = [];
const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});

export { spy as consoleErrorSpy };
