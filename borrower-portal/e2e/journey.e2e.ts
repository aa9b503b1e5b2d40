import { expect, test } from '@playwright/test';
import { approveBank, baseUrl, call, lastSigningCode, newBorrower, registerInBrowser, rupees, screenshot, staff } from './support';

/** The borrower's whole way: register, apply, submit; staff move the loan; sign; the loan is active with its schedule. */
test('a borrower registers, applies for an EMI loan, signs the agreement and sees it active', async ({ page }) => {
  const borrower = newBorrower('Asha Rao');
  await registerInBrowser(page, borrower);
  await expect(page.getByRole('heading', { name: 'Welcome, Asha' })).toBeVisible();
  await expect(page.getByText('You have no loans yet.')).toBeVisible();
  await screenshot(page, 'dashboard-empty');

  // Start: ₹1,50,000 over 24 months; the calculator's EMI equals the API's.
  await page.getByRole('link', { name: 'Personal loan', exact: true }).click();
  await expect(page).toHaveURL(/\/User\/newLoan\/Emi$/);
  await page.getByLabel('Loan amount (₹)').fill('150000');
  await page.getByLabel('Tenure (months)').fill('24');
  const [emi] = (await call<{ type: string; annualRatePercent: number }[]>('GET', '/public/products', null)).filter(
    (p) => p.type === 'EMI',
  );
  const quote = await call<{ emi: number }>(
    'GET',
    `/public/emi?principal=15000000&annualRatePercent=${emi.annualRatePercent}&months=24`,
    null,
  );
  await expect(page.getByTestId('emi')).toHaveText(rupees(quote.emi));
  await screenshot(page, 'apply-start');
  await page.getByRole('button', { name: 'Start my application' }).click();

  // Step0: the terms; change the tenure to 12 months.
  await expect(page).toHaveURL(/\/User\/newLoan\/Emi\/[0-9a-f-]{36}\/Step0$/);
  const loanId = /Emi\/([0-9a-f-]{36})\//.exec(page.url())![1];
  await expect(page.getByRole('heading', { name: 'Your loan terms' })).toBeVisible();
  await expect(page.getByLabel('Tenure (months)')).toHaveValue('24');
  await page.getByLabel('Tenure (months)').fill('12');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  // Step1: details and declarations, submit after the confirmation.
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step1$`));
  await expect(page.getByText(borrower.email)).toBeVisible();
  await page.getByLabel(/information I have given is true/).check();
  await page.getByLabel(/I agree to a soft credit check/).check();
  await screenshot(page, 'apply-details');
  await page.getByRole('button', { name: 'Submit application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your application?' });
  await expect(dialog).toContainText('over 12 months');
  await screenshot(page, 'apply-confirm');
  await dialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step7$`));
  await expect(page.getByRole('heading', { name: 'Application submitted' })).toBeVisible();
  await screenshot(page, 'apply-submitted');

  // A step the state no longer allows redirects to the right one.
  await page.goto(`${baseUrl()}/User/newLoan/Emi/${loanId}/Step0`);
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step7$`));

  // Staff: accept, soft check, bank, agreement (docs/api.md walk-through).
  const token = await staff();
  await call('POST', `/admin/loans/${loanId}/accept`, token, { reason: 'documents complete' });
  await call('POST', `/admin/loans/${loanId}/approve-soft`, token, { score: 742 });
  await approveBank(loanId, (await page.evaluate(() => localStorage.getItem('token')))!, token);
  const issued = await call<{ agreement: { documentHash: string; terms: { instalmentAmount: number } } }>(
    'POST',
    `/admin/loans/${loanId}/issue-agreement`,
    token,
  );

  // The dashboard offers to sign; /{id} resumes at Step5.
  await page.goto(`${baseUrl()}/User/Dashboard`);
  await expect(page.getByRole('link', { name: 'Review and sign' })).toBeVisible();
  await page.goto(`${baseUrl()}/User/newLoan/Emi/${loanId}`);
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step5$`));
  // The amount stands in the terms and again on every row of the Key Facts Statement's schedule.
  await expect(page.getByText(rupees(issued.agreement.terms.instalmentAmount)).first()).toBeVisible();
  await page.getByRole('link', { name: 'Read the agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step5/pdfDisplay$`));
  await expect(page.getByTestId('document-hash')).toHaveText(issued.agreement.documentHash);
  await screenshot(page, 'agreement');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`loan-agreement-${loanId}.pdf`);

  // Step6: sign the shown document after the confirmation.
  await page.getByRole('link', { name: 'Continue to sign' }).click();
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step6$`));
  await expect(page.getByTestId('document-hash')).toHaveText(issued.agreement.documentHash);
  await page.getByLabel('I have read the loan agreement and its Key Facts Statement, and I accept its terms.').check();
  // The code goes by SMS to the registered phone (read here from the SMS log as staff).
  await page.getByRole('button', { name: 'Send me a code by SMS' }).click();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  await page.getByLabel('One-time code').fill(await lastSigningCode(borrower.phone));
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await screenshot(page, 'sign-confirm');
  await page.getByRole('dialog').getByRole('button', { name: 'Sign the agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`${loanId}/Step7$`));
  await expect(page.getByRole('heading', { name: 'Agreement signed' })).toBeVisible();

  // Staff: final approval and payout.
  await call('POST', `/admin/loans/${loanId}/approve-final`, token);
  const active = await call<{ schedule: { dueDate: string; principal: number; interest: number }[] }>(
    'POST',
    `/admin/loans/${loanId}/disburse`,
    token,
    {
      payoutReference: 'UTR-PORTAL-0001',
      disbursedOn: '2026-11-21',
    },
  );

  // The loan is active with its schedule.
  await page.goto(`${baseUrl()}/User/Loans/${loanId}`);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Repayments' })).toBeVisible();
  const rows = page.locator('table.schedule tbody tr');
  await expect(rows).toHaveCount(12);
  // The first instalment also collects the processing fee: the amount shown is everything it asks for.
  const detail = await call<{ instalments: { principal: number; interest: number; fees: number; penalties: number }[] }>(
    'GET',
    `/admin/loans/${loanId}`,
    token,
  );
  expect(detail.instalments.map((l) => l.principal)).toEqual(active.schedule.map((l) => l.principal));
  const first = detail.instalments[0]!;
  await expect(rows.first()).toContainText(rupees(first.principal + first.interest + first.fees + first.penalties));
  await expect(page.getByText('Money sent to your bank')).toBeVisible();
  await screenshot(page, 'loan-active');

  await page.goto(`${baseUrl()}/User/Dashboard`);
  await expect(page.getByRole('heading', { name: 'Next repayment' })).toBeVisible();
  await screenshot(page, 'dashboard');

  // The borrower area on a 360 px wide phone: nothing wider than the screen but the scrollable schedule.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, name] of [
    ['/User/Dashboard', 'phone-dashboard'],
    [`/User/Loans/${loanId}`, 'phone-loan'],
  ]) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Next repayment|Repayments/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
});

test('a borrower cancels an application with a reason after a confirmation', async ({ page }) => {
  await registerInBrowser(page, newBorrower('Vikram Shah'));
  await page.goto(`${baseUrl()}/User/newLoan/salaryAdvance`);
  await page.getByLabel('Amount (₹)').fill('20000');
  await page.getByRole('button', { name: 'Start my application' }).click();
  await expect(page).toHaveURL(/\/User\/newLoan\/salaryAdvance\/[0-9a-f-]{36}\/Step0$/);
  await page.getByRole('button', { name: 'Cancel application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this application?' });
  await expect(dialog.getByRole('button', { name: 'Cancel application' })).toBeDisabled();
  await dialog.getByLabel('Why are you cancelling?').fill('I found the money elsewhere');
  await dialog.getByRole('button', { name: 'Cancel application' }).click();
  await expect(page.getByText('Reason: I found the money elsewhere')).toBeVisible();
  await expect(page.getByText('Application cancelled')).toBeVisible();
});

test('the Profile section saves the name and phone through the API', async ({ page }) => {
  await registerInBrowser(page, newBorrower('Meera Nair'));
  await page.goto(`${baseUrl()}/User/Profile`);
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Nair');
  await page.getByLabel('Mobile number').fill('12');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#field-phone-msg.field__error')).toBeVisible();
  await page.getByLabel('Full name').fill('Meera K. Nair');
  // A new number is confirmed with a code sent to it (read here from the SMS log as staff).
  const newPhone = `+919${String(Date.now()).slice(-9)}`;
  await page.getByLabel('Mobile number').fill(newPhone);
  await page.getByRole('button', { name: 'Save changes' }).click();
  // Shown grouped as people read it (formatPhone); stored and sent in E.164.
  await expect(page.getByTestId('phone-code-sent')).toContainText(`+91 ${newPhone.slice(3, 8)} ${newPhone.slice(8)}`);
  const sms = await call<Array<{ body: string }>>(
    'GET',
    `/admin/sms?filter=${encodeURIComponent(JSON.stringify({ to: newPhone, purpose: 'phone' }))}`,
    await staff(),
  );
  await page.getByLabel('6-digit code').fill(/\b(\d{6})\b/.exec(sms[0].body)![1]);
  await page.getByRole('button', { name: 'Verify and save' }).click();
  await expect(page.getByText('Your profile is saved and your new number is verified.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Meera K. Nair');
  await expect(page.getByLabel('Mobile number')).toHaveValue(`+91 ${newPhone.slice(3, 8)} ${newPhone.slice(8)}`);
  await screenshot(page, 'profile');
  await page.getByRole('link', { name: /^Address/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Address' })).toBeVisible();
  await expect(page).toHaveURL(/\/User\/Profile\/Address$/);
});
