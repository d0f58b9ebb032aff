import { firstVisitScripts } from '../bench/initial-js';
import { pickSelection, selectionScript, storefrontRoutes } from '../bench/storefront-server';
import { expect, test } from './support/test';

// The JavaScript budget of a first visit (decision 017): every .js a first visit downloads until
// the network is idle and the page's inline scripts, gzipped at level 9, measured as `npm run
// bench` measures it. The target is 100 KB on each page, which the app does not meet yet (decision
// 017: React and React DOM alone are 66 KB). Until it does, each page's budget is its size when the
// budget was set (102.4 KB), with a little to spare, so that the first paint cannot grow unnoticed:
// lower a budget when a page gets smaller. The three pages load the same code since their screens
// come with the app (decision 019).
const KB = 1024;
const BUDGETS: Record<string, number> = {
  '/': 103 * KB,
  '/restaurants': 103 * KB,
  '/menu': 103 * KB,
};

test('the first visit of each storefront page downloads no more JavaScript than its budget', async ({
  browserErrors,
  baseURL,
}) => {
  const selection = await pickSelection(baseURL ?? '');
  for (const route of storefrontRoutes(selection)) {
    const budget = BUDGETS[`/${route.split('/')[1]}`];
    // A fresh context per page: an empty HTTP cache, the campus chosen as the app stores it.
    const context = await browserErrors.newContext();
    try {
      await context.addInitScript({ content: selectionScript(selection) });
      const scripts = await firstVisitScripts(context, `${baseURL}${route}`);
      expect(scripts.landedOn, route).toBe(route);
      expect(
        scripts.gzipBytes,
        `${route}: ${scripts.files} files and ${scripts.inlineScripts} inline`,
      ).toBeLessThanOrEqual(budget ?? 0);
    } finally {
      await context.close();
    }
  }
});
