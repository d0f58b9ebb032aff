import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn } from './support/auth';
import { placeTeaOrder } from './support/orders';
import { expect, test } from './support/test';

// The Insights tab (decision 014) against the all-in-one server and its demo data: the student
// orders a Doodh Patti at Chai Dhaba, then the campus admin opens Insights and finds the charts
// (uPlot's canvases), the tables with the order in them, and no serious accessibility issue.

test('the campus admin opens Insights and sees the charts and their tables', async ({
  browser,
  page,
}) => {
  const student = await browser.newContext();
  await placeTeaOrder(await student.newPage());
  await student.close();

  await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
  await page.getByRole('tab', { name: 'Insights' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Insights' });

  // Orders per day, revenue per restaurant, the top items: three charts drawn.
  await expect(panel.locator('canvas')).toHaveCount(3, { timeout: 15_000 });
  await expect(
    panel.getByRole('table', { name: 'Revenue per restaurant and the mart' }),
  ).toContainText('Chai Dhaba');
  await expect(panel.getByRole('table', { name: 'Top 10 items by quantity' })).toContainText(
    'Doodh Patti',
  );
  await expect(panel.getByRole('table', { name: 'Orders by weekday and hour' })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Orders and revenue per day' })).toBeAttached();
  await expect(panel.getByLabel('From')).not.toHaveValue('');
  await expect(
    panel.getByRole('link', { name: 'Download top 10 items by quantity (CSV)' }),
  ).toHaveAttribute('href', /^data:text\/csv/);

  await expectNoSevereViolations(page, 'Insights: ');
});
