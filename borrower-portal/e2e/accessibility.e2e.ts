import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { AUTH_PAGES, INFO_PAGES, approveBank, baseUrl, call, lastSigningCode, newBorrower, registerInBrowser, staff } from './support';

/**
 * axe-core's WCAG 2 A/AA rules on every screen of the portal: the public pages, sign-in, registration and password
 * pages, page not found, and the borrower area (dashboard, loans, a loan in several states, profile, help, every
 * step of the application, with its confirmation dialogs open).
 */

const PUBLIC: [string, string | RegExp][] = [
  ...INFO_PAGES,
  ['/Eagreement/3f1e0c4e-0000-4000-8000-000000000001', /This link does not work/],
  ['/quickStart', 'Quick start'],
  // Without a proven phone in this tab, a deep link to a later step starts at the phone (issue 28 item 1).
  ['/quickStart/components/Otp', 'Quick start'],
  ['/quickStart/components/Step3', 'Quick start'],
  ...AUTH_PAGES,
  ['/Auth/confirm-password/reset-token-that-does-not-exist', 'Choose a new password'],
  ['/No/such/page', 'Page not found: /No/such/page'],
];

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test.describe('accessibility of the borrower portal (axe-core, WCAG 2 A/AA)', () => {
  test('every public page, the sign-in, registration and password pages, page not found', async ({ page }) => {
    for (const [path, title] of PUBLIC) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(heading(page, title)).toBeVisible();
      await expectNoAxeViolations(page, path);
    }

    // The calculator with its schedule shown.
    await page.goto(`${baseUrl()}/EmiCalculator`);
    await expect(page.getByTestId('emi')).not.toBeEmpty();
    await expectNoAxeViolations(page, '/EmiCalculator with a result');

    // Forms with their errors showing.
    await page.goto(`${baseUrl()}/Auth/Login`);
    await page.getByLabel('Email or mobile number').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await expectNoAxeViolations(page, '/Auth/Login, refused');

    await page.goto(`${baseUrl()}/Auth/Register`);
    await page.getByLabel('Mobile number').fill('12');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    await expectNoAxeViolations(page, '/Auth/Register with field errors');
  });

  test('the borrower area: dashboard, help, profile, every application step with its dialogs, loans in several states', async ({
    page,
  }) => {
    const borrower = newBorrower('Kavya Menon');
    await registerInBrowser(page, borrower);
    await expect(page.getByText('You have no loans yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard, no loans');

    for (const [path, title] of [
      ['/User/Help', 'Help'],
      ['/User/Loans', /loans/i],
      ['/User/Loans/verifypayment', /No payment to check/],
      ['/User/Profile', /profile/i],
      ['/User/Profile/Address', /Your profile/],
      ['/User/Dashboard/nothing-here', 'Page not found: /User/Dashboard/nothing-here'],
    ] as [string, string | RegExp][]) {
      await page.goto(`${baseUrl()}${path}`);
      await expect(heading(page, title).first()).toBeVisible();
      await expectNoAxeViolations(page, path);
    }
    await page.goto(`${baseUrl()}/User/Profile`);
    await page.getByLabel('Mobile number').fill('12');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.locator('#field-phone-msg.field__error')).toBeVisible();
    await expectNoAxeViolations(page, '/User/Profile with a field error');
    // The email's verification: not verified, a code sent, a wrong code named under its field.
    await expect(page.getByTestId('email-verification')).toContainText('Not verified');
    await page.getByRole('button', { name: 'Verify my email' }).click();
    await expect(page.getByText(/We emailed a 6-digit code to .* It is valid for 30 minutes\./)).toBeVisible();
    await page.getByLabel('Code from the email').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.locator('#field-emailCode-msg.field__error')).toContainText('That code is not right');
    await expectNoAxeViolations(page, '/User/Profile with a wrong email code');

    // The salary advance start page, Step0, and the cancel dialog.
    await page.goto(`${baseUrl()}/User/newLoan/salaryAdvance`);
    await expect(page.getByLabel('Amount (₹)')).toBeVisible();
    await expectNoAxeViolations(page, 'new salary advance: start');
    await page.getByLabel('Amount (₹)').fill('20000');
    await page.getByRole('button', { name: 'Start my application' }).click();
    await expect(page).toHaveURL(/\/User\/newLoan\/salaryAdvance\/[0-9a-f-]{36}\/Step0$/);
    await expect(page.getByRole('button', { name: 'Cancel application' })).toBeVisible();
    await expectNoAxeViolations(page, 'salary advance Step0');
    await page.getByRole('button', { name: 'Cancel application' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this application?' });
    await expect(cancel).toBeVisible();
    await expectNoAxeViolations(page, 'salary advance Step0, cancel dialog');
    await cancel.getByLabel('Why are you cancelling?').fill('Testing the form');
    await cancel.getByRole('button', { name: 'Cancel application' }).click();
    await expect(page.getByText('Application cancelled')).toBeVisible();
    await expectNoAxeViolations(page, 'salary advance, cancelled');

    // The EMI flow: start, Step0, Step1 and its confirmation, Step7.
    await page.goto(`${baseUrl()}/User/newLoan/Emi`);
    await page.getByLabel('Loan amount (₹)').fill('150000');
    await page.getByLabel('Tenure (months)').fill('12');
    await expect(page.getByTestId('emi')).not.toBeEmpty();
    await expectNoAxeViolations(page, 'new EMI loan: start with a quote');
    await page.getByRole('button', { name: 'Start my application' }).click();
    await expect(page).toHaveURL(/\/User\/newLoan\/Emi\/[0-9a-f-]{36}\/Step0$/);
    const loanId = /Emi\/([0-9a-f-]{36})\//.exec(page.url())![1];
    await expect(heading(page, 'Your loan terms')).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step0');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(new RegExp(`${loanId}/Step1$`));
    await expect(page.getByText(borrower.email)).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step1');
    await page.getByLabel(/information I have given is true/).check();
    await page.getByLabel(/I agree to a soft credit check/).check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    const submit = page.getByRole('dialog', { name: 'Submit your application?' });
    await expect(submit).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step1, submit dialog');
    await submit.getByRole('button', { name: 'Submit application' }).click();
    await expect(heading(page, 'Application submitted')).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step7, submitted');

    await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
    await expect(page.getByText(loanId.slice(0, 8)).first()).toBeVisible();
    await expectNoAxeViolations(page, 'loan detail, applied');

    // Staff issue the agreement: Step5, the agreement, Step6 and its confirmation.
    const token = await staff();
    await call('POST', `/admin/loans/${loanId}/accept`, token, { reason: 'documents complete' });
    await call('POST', `/admin/loans/${loanId}/approve-soft`, token, { score: 742 });
    await approveBank(loanId, (await page.evaluate(() => localStorage.getItem('token')))!, token);
    await call('POST', `/admin/loans/${loanId}/issue-agreement`, token);
    await page.goto(`${baseUrl()}/User/Dashboard`);
    await expect(page.getByRole('link', { name: 'Review and sign' })).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard, agreement to sign');
    await page.goto(`${baseUrl()}/User/newLoan/Emi/${loanId}`);
    await expect(page).toHaveURL(new RegExp(`${loanId}/Step5$`));
    await expect(page.getByRole('link', { name: 'Read the agreement' })).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step5');
    await page.getByRole('link', { name: 'Read the agreement' }).click();
    await expect(page.getByTestId('document-hash')).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step5, pdfDisplay');
    await page.goto(`${baseUrl()}/User/newLoan/Emi/${loanId}/Step5/pdfDownload`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step5, pdfDownload');
    await page.goto(`${baseUrl()}/User/newLoan/Emi/${loanId}/Step6`);
    const accept = page.getByLabel('I have read the loan agreement and its Key Facts Statement, and I accept its terms.');
    await expect(accept).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step6');
    await accept.check();
    await page.getByRole('button', { name: 'Send me a code by SMS' }).click();
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
    await page.getByLabel('One-time code').fill(await lastSigningCode(borrower.phone));
    await expectNoAxeViolations(page, 'EMI Step6, code sent');
    await page.getByRole('button', { name: 'Sign the agreement' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step6, sign dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign the agreement' }).click();
    await expect(heading(page, 'Agreement signed')).toBeVisible();
    await expectNoAxeViolations(page, 'EMI Step7, signed');

    // Staff pay out: the active loan with its schedule, the dashboard with the next repayment, the list.
    await call('POST', `/admin/loans/${loanId}/approve-final`, token);
    await call('POST', `/admin/loans/${loanId}/disburse`, token, { payoutReference: 'UTR-A11Y-0001', disbursedOn: '2026-11-21' });
    await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
    await expect(page.getByRole('heading', { name: 'Repayments' })).toBeVisible();
    await expectNoAxeViolations(page, 'loan detail, active');
    await page.goto(`${baseUrl()}/User/Dashboard`);
    await expect(page.getByRole('heading', { name: 'Next repayment' })).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard, active loan');
    await page.goto(`${baseUrl()}/User/Loans`);
    await expect(
      page
        .getByRole('link', { name: new RegExp(loanId.slice(0, 8)) })
        .or(page.locator(`a[href$="${loanId}"]`))
        .first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'loans list, two loans');
  });
});
