import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { QUEUES } from '../src/loans/queues';
import { OPS } from './users';
import { api, baseUrl, loanRow, signIn } from './support';

/**
 * axe-core's WCAG 2 A/AA rules on every screen of the console: sign-in, the dashboard, every queue of the menu, the
 * loan page in several states (with its dialogs open), staff users, permissions, profile, page not found.
 */
test.describe('accessibility of the admin console (axe-core, WCAG 2 A/AA)', () => {
  /** Waits for the menu's queue counts, so the badges' contrast is checked too. */
  const menuReady = async (page: Page) => {
    await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('count-soft/pending')).toBeVisible();
    await expect(page.getByTestId('presence')).toHaveText('online');
  };

  test('sign-in and not-found pages', async ({ page }) => {
    await page.goto(`${baseUrl()}/Admin/login`);
    await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in');

    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in, refused');

    await signIn(page, '/Admin/Loan/Soft/pending');
    await expect(page.getByRole('heading', { name: /Page not found/ })).toBeVisible();
    await expect(page.getByTestId('presence')).toHaveText('online');
    await expectNoAxeViolations(page, 'page not found');
  });

  test('dashboard and every loan queue in the menu', async ({ page }) => {
    const client = api();
    const seeded: [string, string, Record<string, unknown>?][] = [
      ['new', 'new'],
      ['applied', 'applied'],
      ['soft', 'soft.pending'],
      ['bank', 'bank.pending'],
      ['consent', 'consent.pending'],
      ['signature', 'consent.customerpending'],
      ['final', 'final.pending', { type: 'salaryAdvance', amount: 4_000_000 }],
      ['disbursal', 'disbursal.pending'],
      ['active EMI', 'active'],
      ['active salary advance', 'active', { type: 'salaryAdvance', amount: 3_000_000 }],
    ];
    // One borrower for them all: registrations are rate-limited per address (20 an hour), and the suite shares one.
    const borrower = await client.borrower('Rahul Verma');
    const ids: string[] = [];
    for (const [, state, body] of seeded) ids.push(await client.loanIn(state, borrower, body));

    await signIn(page, '/Admin/Dashboard');
    await menuReady(page);
    await expect(page.getByTestId('panel-graph')).toContainText(/Applications: [1-9]/);
    await expectNoAxeViolations(page, 'dashboard');

    for (const queue of QUEUES) {
      await page.goto(`${baseUrl()}/Admin/Loan/${queue.path}`);
      await menuReady(page);
      await expect(page.locator('tbody tr').first()).toBeVisible();
      await expectNoAxeViolations(page, `queue ${queue.path}`);
    }

    // A bulk selection and its confirmation dialog.
    await page.goto(`${baseUrl()}/Admin/Loan/applied`);
    await loanRow(page, ids[1]).getByRole('checkbox').check();
    await expect(page.getByRole('button', { name: 'Accept for review' })).toBeVisible();
    await expectNoAxeViolations(page, 'queue applied, one loan selected');
    await page.getByRole('button', { name: 'Accept for review' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'queue applied, bulk accept dialog');
  });

  test('the loan page: pending with the approve and reject dialogs, awaiting consent, active, as of an event', async ({ page }) => {
    const client = api();
    const borrower = await client.borrower('Meera Nair');
    const pending = await client.loanIn('soft.pending', borrower);
    const consent = await client.loanIn('consent.customerpending', borrower);
    const active = await client.loanIn('active', borrower, { type: 'EMI', amount: 6_000_000, tenureMonths: 6 });
    const rejected = await client.loanIn('rejected', borrower);

    await signIn(page, `/Admin/Loan/soft/EMI/${pending}`);
    await menuReady(page);
    await expect(page.getByTestId('summary-State')).toHaveText('Soft check pending');
    await expect(page.getByTestId('history-entry')).toHaveCount(3);
    await expectNoAxeViolations(page, 'loan, soft check pending');

    await page.getByRole('button', { name: 'Approve soft check' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Credit score (300–900)')).toBeVisible();
    await expectNoAxeViolations(page, 'loan, approve dialog');
    await dialog.getByLabel('Credit score (300–900)').fill('12');
    await dialog.getByRole('button', { name: 'Approve soft check' }).click();
    await expect(dialog.getByText(/300/).last()).toBeVisible();
    await expectNoAxeViolations(page, 'loan, approve dialog with a field error');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByLabel('Reason')).toBeVisible();
    await expectNoAxeViolations(page, 'loan, reject dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`${baseUrl()}/Admin/Loan/consent/${consent}`);
    await expect(page.getByTestId('summary-State')).toHaveText('Awaiting customer signature');
    await page.getByRole('button', { name: 'View agreement' }).click();
    await expect(page.getByRole('button', { name: 'Hide' })).toBeVisible();
    await expectNoAxeViolations(page, 'loan, awaiting the customer’s consent, agreement shown');

    await page.goto(`${baseUrl()}/Admin/Loan/Active/Emi/${active}`);
    await expect(page.getByTestId('summary-State')).toHaveText('Active');
    await expect(page.getByTestId('history-entry')).toHaveCount(9);
    await expectNoAxeViolations(page, 'loan, active with its schedule');

    await page.getByTestId('history-entry').nth(3).getByRole('button', { name: 'View the loan as of this event' }).click();
    await expect(page.getByTestId('as-of-banner')).toBeVisible();
    await expectNoAxeViolations(page, 'loan, as of an event');

    await page.goto(`${baseUrl()}/Admin/Loan/new/${rejected}`);
    await expect(page.getByTestId('summary-State')).toHaveText('Rejected');
    await expectNoAxeViolations(page, 'loan, rejected');
  });

  test('staff users, create and edit, permissions, profile', async ({ page }) => {
    await signIn(page, '/Admin/Users');
    await menuReady(page);
    await expect(page.locator('tbody tr', { hasText: OPS.email })).toBeVisible();
    await expectNoAxeViolations(page, 'users');

    await page.locator('tbody tr', { hasText: OPS.email }).getByText(OPS.name).click();
    await expect(page.getByRole('button', { name: 'Reload device' })).toBeVisible();
    await expectNoAxeViolations(page, 'user edit');
    await page.getByRole('button', { name: 'Reload device' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'user edit, reload device dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${baseUrl()}/Admin/Users/create`);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectNoAxeViolations(page, 'user create');

    await page.goto(`${baseUrl()}/Admin/Users/Permissions`);
    await expect(page.getByRole('checkbox', { name: 'Credit officer: loans.accept' })).toBeChecked();
    await expectNoAxeViolations(page, 'permissions');

    for (const path of ['/Admin/Profile', '/Admin/Users/Profile']) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(page.getByLabel('Name')).not.toHaveValue('');
      await expectNoAxeViolations(page, `profile ${path}`);
    }
  });

  test('loan products: list, create with field errors, edit with the version history; the business-date dialog', async ({ page }) => {
    await signIn(page, '/Admin/Products');
    await menuReady(page);
    await expect(page.getByRole('cell', { name: 'personal-loan', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'products list');

    await page.goto(`${baseUrl()}/Admin/Products/create`);
    await page.getByLabel('Minimum amount (₹)').fill('50000');
    await page.getByLabel('Maximum amount (₹)').fill('100');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must not exceed the maximum amount')).toBeVisible();
    await expectNoAxeViolations(page, 'product create, field errors');

    await page.goto(`${baseUrl()}/Admin/Products/00000000-0000-4000-8000-000000000001`);
    await expect(page.getByTestId('version-1')).toBeVisible();
    await expectNoAxeViolations(page, 'product edit with version history');

    await page.getByTestId('business-date').click();
    await expect(page.getByRole('dialog', { name: 'Change the business date' })).toBeVisible();
    await expectNoAxeViolations(page, 'business date dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  });

  test('the collapsed sidebar', async ({ page }) => {
    await signIn(page, '/Admin/Dashboard');
    await menuReady(page);
    await page
      .getByRole('button', { name: /close menu|open menu/i })
      .first()
      .click();
    await expect(page.locator('.RaMenu-closed')).toBeVisible();
    // Away from the toggle and the menu, so no tooltip is caught half faded in.
    await page.mouse.move(900, 600);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expectNoAxeViolations(page, 'dashboard, sidebar collapsed');
  });
});
