import { expectNoSevereViolations } from './support/a11y';
import { DEMO, signIn, waitForCaptcha } from './support/auth';
import { type BrowserErrors, expect, test } from './support/test';

/** The first link of the newest outbox mail to `email` with `subject`, read by the super admin. */
async function mailedLink(
  browserErrors: BrowserErrors,
  email: string,
  subject: string,
): Promise<string> {
  const context = await browserErrors.newContext();
  try {
    const admin = await context.newPage();
    await signIn(admin, DEMO.superAdmin.email, DEMO.superAdmin.password);
    await admin.goto('/super-admin/mail');
    const mail = admin
      .getByRole('listitem')
      .filter({ hasText: email })
      .filter({ hasText: subject });
    await expect(mail.first()).toBeVisible();
    return (await mail.first().getByRole('link').first().getAttribute('href')) as string;
  } finally {
    await context.close();
  }
}

test('a student signs up, verifies the e-mailed link, lands on /home, and resets a forgotten password', async ({
  page,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  const email = `new.student.${Date.now()}@lhr.northfield.edu.pk`;
  await page.goto('/signup');
  await page.getByLabel('First Name').fill('Hina');
  await page.getByLabel('Last Name').fill('Raza');
  const create = page.getByRole('button', { name: 'Create Account' });
  await expect(create).toBeDisabled(); // until a university and a campus are chosen
  await page
    .getByRole('combobox', { name: 'University' })
    .selectOption({ label: 'Northfield University' });
  await page
    .getByRole('combobox', { name: 'Campus' })
    .selectOption({ label: 'Lahore Campus (Faisal Town)' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await expect(
    page.getByText('Use your campus e-mail address ending in @lhr.northfield.edu.pk.'),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('hina-secret');
  await page.getByLabel('Confirm Password').fill('hina-secre');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('hina-secret');
  await waitForCaptcha(page);
  await create.click();
  await expect(
    page.getByText(
      'Account created successfully! Please check your email to verify your account.',
      {
        exact: false,
      },
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 }); // after 3 s

  // No SMTP here: the super admin reads the outbox and opens the link.
  const link = await mailedLink(browserErrors, email, 'Verify your CampusBucket e-mail address');
  expect(link).toContain('/api/account/verify-email?token=');

  await page.goto(link as string);
  await expect(page).toHaveURL(/\/login\?verified=1$/);
  await expect(
    page.getByText('Your email address is verified. You can sign in now.'),
  ).toBeVisible();
  await signIn(page, email, 'hina-secret');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: email }).click();
  await expect(page.getByRole('menu')).toContainText('User');

  // Forgotten password: the e-mailed link opens a page that sets a new one.
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('link', { name: 'Sign In' }).click(); // shown once signed out
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByText('Password reset email sent! Please check your inbox.')).toBeVisible();
  const reset = await mailedLink(browserErrors, email, 'Reset your CampusBucket password');
  expect(reset).toContain('/reset-password?token=');
  await page.goto(reset);
  await page.getByLabel('New Password', { exact: true }).fill('hina-new-secret');
  await page.getByLabel('Confirm New Password').fill('hina-new-secret');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(
    page.getByText('Your password has been changed. You can sign in with it now.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign In' }).last().click();
  await signIn(page, email, 'hina-new-secret');
  await expect(page).toHaveURL(/\/home$/);
});

test('the campus admin lands on their campus dashboard, the super admin on /super-admin', async ({
  page,
}) => {
  await signIn(page, DEMO.campusAdmin.email, DEMO.campusAdmin.password);
  await expect(page).toHaveURL(/\/admin\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('link', { name: 'Campus Admin' })).toBeVisible();
  await page.getByRole('button', { name: DEMO.campusAdmin.email }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  await signIn(page, DEMO.superAdmin.email, DEMO.superAdmin.password);
  await expect(page).toHaveURL(/\/super-admin$/);
  await expect(page.getByRole('link', { name: 'Super Admin' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/super-admin$/);
});

test('a student opening /super-admin lands on /unauthorized', async ({ page }) => {
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/super-admin');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a signed-out visit to /cart goes to /login and returns to /cart after sign-in', async ({
  page,
}) => {
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Your Cart' })).toBeVisible();
});

test('a wrong password shows the spec text; reset mode asks for the e-mail first', async ({
  page,
  browserErrors,
}) => {
  // The api answers the wrong password 401.
  browserErrors.allow({ text: /status of 401/, url: /\/api\/account\/sign-in$/ });
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(DEMO.student.email);
  await page.getByLabel('Password', { exact: true }).fill('not-it');
  await waitForCaptcha(page);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password. Please try again.');

  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address.');
  await page.getByRole('button', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});

test('the account pages have no serious or critical accessibility violation at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/login', '/signup', '/unauthorized', '/reset-password?token=x']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSevereViolations(page, `${path} `);
    // Nothing wider than the screen: no sideways scrolling on a phone.
    expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(
      360,
    );
  }
});

test('sign-up starts from the campus chosen in the navigation bar', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Select University' }).click();
  await page.getByRole('button', { name: 'Northfield University', exact: true }).click();
  await page.getByRole('button', { name: /Islamabad Campus/ }).click();
  await page.getByRole('link', { name: 'Sign Up' }).click();
  const university = page.getByRole('combobox', { name: 'University' });
  const campus = page.getByRole('combobox', { name: 'Campus' });
  await expect(university.locator('option:checked')).toHaveText('Northfield University');
  await expect(campus.locator('option:checked')).toHaveText(/^Islamabad Campus/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  // Opened directly, the lists load after the form: the choice still shows.
  await page.reload();
  await expect(university.locator('option:checked')).toHaveText('Northfield University');
  await expect(campus.locator('option:checked')).toHaveText(/^Islamabad Campus/);
});
