import type { Cookie, Page } from '@playwright/test';
import { DEMO, signIn } from './support/auth';
import { chooseCampus } from './support/campus';
import { submitCheckout } from './support/orders';
import { card, openMenu } from './support/storefront';
import { expect, test } from './support/test';

// Every screen a student or an admin reaches, on a phone (390 px) and a laptop (1366 px), against
// the all-in-one server and its demo data: no page may scroll sideways, and every tab of a
// dashboard's tab bar must lie inside the screen and inside its bar (a tab scrolled out of a bar
// gives no sign that it is there). The checks are soft, so one run names every screen that does
// not fit. One browser context per width; each demo account signs in once, and the other width
// reuses its session cookies. The student places one order, so the lists have something in them.

const WIDTHS = [390, 1366] as const;

type Role = 'student' | 'campusAdmin' | 'superAdmin';
const sessions = new Map<Role, Cookie[]>();
let campusDashboard = '';
let orderId = '';

/** Swaps the context's session for `role`'s, signing in through /login the first time. */
async function signInAs(page: Page, role: Role) {
  const context = page.context();
  // Leave the page first: one still open would load its data again with the other person's
  // cookies (a student's order page asked as an admin answers 404).
  await page.goto('about:blank');
  await context.clearCookies();
  const saved = sessions.get(role);
  if (saved) {
    await context.addCookies(saved);
    return;
  }
  await signIn(page, DEMO[role].email, DEMO[role].password);
  if (role === 'campusAdmin') campusDashboard = new URL(page.url()).pathname;
  sessions.set(role, await context.cookies());
}

/** Waits until nothing on the page says it is loading. */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
}

type Fit = {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements that reach past the right edge of the screen. */
  sticking: string[];
  /** The tabs that lie (partly) outside the screen or outside their tab bar. */
  cutTabs: string[];
};

// What the page measures of itself (a script: the tests compile without the DOM's types).
const MEASURE = `(() => {
  const width = window.innerWidth;
  const past = (element) => element !== null && element.getBoundingClientRect().right > width + 1;
  // Inside a box that scrolls or clips, an element does not widen the page; an absolutely
  // placed one (a visually hidden label) escapes every such box below its containing block.
  const placed = (style) => style.position === 'absolute' || style.position === 'fixed';
  const clipped = (element) => {
    let free = placed(getComputedStyle(element));
    for (let box = element.parentElement; box; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (free && style.position === 'static') continue;
      if (style.overflowX !== 'visible') return true;
      free = placed(style);
    }
    return false;
  };
  // The outermost of those that widen the page: their parent does not itself.
  const sticking = [...document.body.querySelectorAll('*')]
    .filter((element) => past(element) && !clipped(element))
    .filter((element) => !past(element.parentElement) || clipped(element.parentElement))
    .slice(0, 3)
    .map((element) => \`<\${element.tagName.toLowerCase()} class="\${element.getAttribute('class') ?? ''}">\`.slice(0, 120));
  const cutTabs = [...document.querySelectorAll('[role="tab"]')]
    .filter((tab) => {
      const box = tab.getBoundingClientRect();
      const bar = tab.closest('[role="tablist"]')?.getBoundingClientRect();
      const left = Math.max(0, bar?.left ?? 0);
      const right = Math.min(width, bar?.right ?? width);
      return box.width > 0 && (box.left < left - 1 || box.right > right + 1);
    })
    .map((tab) => tab.textContent ?? '');
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, sticking, cutTabs };
})()`;

/** Checks the screen the page shows, named `screen` in any failure. */
async function expectFits(page: Page, screen: string) {
  await settled(page);
  const fit = (await page.evaluate(MEASURE)) as Fit;
  expect
    .soft(
      fit.scrollWidth,
      `${screen} scrolls sideways: ${fit.scrollWidth} px wide in ${fit.innerWidth} px; sticking out: ${fit.sticking.join(', ')}`,
    )
    .toBeLessThanOrEqual(fit.innerWidth);
  expect.soft(fit.cutTabs, `${screen}: tabs out of reach`).toEqual([]);
}

/** Opens the university and campus selector of the navigation bar, checks it and closes it. */
async function expectSelectorFits(page: Page, screen: string) {
  const selector = page.getByRole('button', { name: /^(Select University|.+ - .+)$/ });
  await selector.click();
  await expect(page.getByText('Select University', { exact: true })).toBeVisible();
  await expectFits(page, screen);
  await page.keyboard.press('Escape');
  await expect(selector).toHaveAttribute('aria-expanded', 'false');
}

/** Opens each tab of the dashboard the page shows and checks it; a round of Batches too. */
async function expectTabsFit(page: Page, dashboard: string, width: number) {
  const bar = page.getByRole('tablist', { name: `${dashboard} sections` });
  await expect(bar.getByRole('tab').first()).toBeVisible();
  const names = await bar.getByRole('tab').allTextContents();
  expect(names.length).toBeGreaterThan(2);
  for (const name of names) {
    const tab = bar.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expectFits(page, `${dashboard} dashboard, ${name} tab, at ${width} px`);
    if (name !== 'Batches') continue;
    // The student's order has made a batch of its round; the open round is in the address.
    await page
      .getByRole('button', { name: /^Open the / })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Pick lists' })).toBeVisible();
    await page.reload();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Pick lists' })).toBeVisible();
    await expectFits(page, `${dashboard} dashboard, Batches tab with a round open, at ${width} px`);
    await page.getByText('Weekly delivery rounds', { exact: true }).click();
    await expectFits(
      page,
      `${dashboard} dashboard, Batches tab with the week of rounds unfolded, at ${width} px`,
    );
  }
}

for (const width of WIDTHS) {
  test(`every student and admin screen fits a ${width} px wide screen`, async ({
    browserErrors,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const context = await browserErrors.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const at = (screen: string) => `${screen} at ${width} px`;
    try {
      await page.goto('/login');
      await expectFits(page, at('Sign in'));
      await page.goto('/signup');
      await expectFits(page, at('Sign up'));

      await signInAs(page, 'student');
      await page.goto('/');
      await chooseCampus(page);
      await expectFits(page, at('Home'));
      await expectSelectorFits(page, at('Home, university and campus selector open'));
      await page.goto('/restaurants');
      await expect(card(page, 'Chai Dhaba')).toBeVisible();
      await expectFits(page, at('Restaurants'));
      await openMenu(page, 'Chai Dhaba');
      await expect(card(page, 'Doodh Patti')).toBeVisible();
      await expectFits(page, at('Menu of Chai Dhaba'));
      await card(page, 'Doodh Patti')
        .getByRole('button', { name: /Add to Bucket/ })
        .click();
      await page.goto('/mart-items');
      await expect(page.getByRole('heading', { name: /^Mart Items at / })).toBeVisible();
      await expectFits(page, at('Mart items'));
      await page.goto('/cart');
      await expect(page.getByText('Doodh Patti')).toBeVisible();
      await expectFits(page, at('Cart'));
      await page.goto('/checkout');
      await expect(page.getByTestId('grand-total')).toBeVisible();
      await expectFits(page, at('Checkout'));
      if (orderId === '') {
        orderId = (await submitCheckout(page)).id;
        await expectFits(page, at('Checkout, thank-you view'));
      }
      await page.goto('/orders');
      await expect(page.getByRole('link', { name: /^Order of / }).first()).toBeVisible();
      await expectFits(page, at('My orders'));
      await page.goto(`/orders/${orderId}`);
      await expectFits(page, at('Order page'));

      await signInAs(page, 'campusAdmin');
      await page.goto(campusDashboard);
      await expectTabsFit(page, 'Campus admin', width);

      await signInAs(page, 'superAdmin');
      await page.goto('/super-admin');
      await expectSelectorFits(
        page,
        at('Super admin dashboard, university and campus selector open'),
      );
      await expectTabsFit(page, 'Super admin', width);
      await page.goto('/super-admin/mail');
      await expect(page.getByRole('heading', { name: 'E-mail Outbox' })).toBeVisible();
      await expectFits(page, at('Mail outbox'));
    } finally {
      await context.close();
    }
  });
}
