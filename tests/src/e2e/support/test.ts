import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type ConsoleMessage,
  expect,
} from '@playwright/test';

// The browser tests fail on any page error (an uncaught exception) or console error, as the unit
// tests do (tests/src/support/fail-on-console-error.ts). An error a test provokes on purpose (a
// request it fails, an answer the api refuses: Chromium logs each failed load on the console) is
// allowed by that test alone, through `browserErrors.allow`, naming the message and the URL.

/** A console error a test expects: its text and, for a failed load, the URL it names. */
export interface ExpectedConsoleError {
  text: RegExp;
  /** The URL the message is about (a failed load names the resource). */
  url?: RegExp;
}

export interface BrowserErrors {
  /** Lets this test's pages log console errors that match, and no others. */
  allow(expected: ExpectedConsoleError): void;
  /**
   * A new browser context (another person at another browser) whose errors count as the page's:
   * use it instead of `browser.newContext`.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

function describeConsole(message: ConsoleMessage): string {
  const { url } = message.location();
  return url ? `${message.text()} (at ${url})` : message.text();
}

function isAllowed(message: ConsoleMessage, allowed: readonly ExpectedConsoleError[]): boolean {
  const { url } = message.location();
  return allowed.some(
    (expected) => expected.text.test(message.text()) && (!expected.url || expected.url.test(url)),
  );
}

async function watchBrowserErrors(
  use: (errors: BrowserErrors) => Promise<void>,
  context: BrowserContext,
  browser: Browser,
): Promise<void> {
  const unexpected: string[] = [];
  const allowed: ExpectedConsoleError[] = [];
  const watch = (watched: BrowserContext) => {
    watched.on('console', (message) => {
      if (message.type() !== 'error' || isAllowed(message, allowed)) return;
      unexpected.push(`console.error: ${describeConsole(message)}`);
    });
    watched.on('weberror', (webError) => {
      const error = webError.error();
      unexpected.push(`page error on ${webError.page()?.url()}: ${error.stack ?? error.message}`);
    });
  };
  watch(context);
  await use({
    allow: (expected) => {
      allowed.push(expected);
    },
    newContext: async (options) => {
      const opened = await browser.newContext(options);
      watch(opened);
      return opened;
    },
  });
  if (unexpected.length > 0) {
    throw new Error(`The browser reported unexpected errors:\n${unexpected.join('\n')}`);
  }
}

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ context, browser }, use) => watchBrowserErrors(use, context, browser),
    { auto: true },
  ],
});

export { expect };
