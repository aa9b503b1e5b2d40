import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { addDays, api, baseUrl } from './support';
import { E2E_IVR_SECRET, E2E_WHATSAPP_SECRET, STAFF } from './users';

const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

/** What a provider does: POST the raw JSON with X-Signature = sha256=<hex HMAC-SHA256 of those bytes>. */
async function webhook(channel: 'whatsapp' | 'ivr', body: object, secret: string) {
  const raw = JSON.stringify(body);
  const res = await fetch(`${baseUrl()}/api/webhooks/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}` },
    body: raw,
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** The page's answer from the API (waits as long as the test may: the machine's load decides how long that is). */
const answered = (page: Page, url: string) => page.waitForResponse((r) => r.url().includes(url) && r.ok());

/**
 * Issue 15 item 3 in the console: a borrower's WhatsApp message, received by the signed webhook, appears in their
 * conversation with the 24-hour window, and staff reply; an IVR outcome shows on /Admin/IvrStatus; the borrower's
 * overdue loan is on the dialer's call list, whose Call button follows the 08:00–19:00 window.
 */
test.describe('channels', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an inbound WhatsApp message appears in its conversation; IVR and dialer screens', async ({ page }) => {
    const client = api();
    const staff = await client.staff();
    const unique = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const name = `Meera Pillai ${unique}`;
    const borrower = await client.borrower(name);
    const me = (await client.call('GET', '/me', borrower)) as { phone?: string; user?: { phone?: string } };
    const phone = (me.phone ?? me.user?.phone)!;
    const loanId = await client.loanIn('active', borrower);
    const loan = (await client.call('GET', `/admin/loans/${loanId}`, staff)) as { instalments: { dueDate: string }[] };
    const due = loan.instalments[0]!.dueDate;
    const original = ((await client.call('GET', '/admin/business-date', staff)) as { date: string }).date;

    // The provider delivers the borrower's message (twice: stored once).
    const message = {
      messageId: `wamid.${unique}`,
      from: phone.replace('+', ''),
      text: 'Hello, can I pay my EMI on Friday?',
      timestamp: new Date().toISOString(),
    };
    const first = await webhook('whatsapp', message, E2E_WHATSAPP_SECRET);
    expect(await webhook('whatsapp', message, E2E_WHATSAPP_SECRET)).toMatchObject({ duplicate: true, id: first.id });

    // Through the menu, as staff get there (a client-side navigation: no second sign-in check).
    await page.goto(`${baseUrl()}/Admin/Dashboard`);
    await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    const signedIn = answered(page, '/api/admin/loan-queues');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signedIn;
    // On a loaded machine the page's chunk and first answer can take longer than an assertion waits: wait for the answer.
    const listed = answered(page, '/api/admin/whatsapp/conversations?');
    await page.getByRole('menuitem', { name: 'WhatsApp' }).click();
    await listed;
    await expect(page.getByRole('heading', { name: 'WhatsApp', level: 1 })).toBeVisible();
    const opened = answered(page, '/api/admin/whatsapp/templates');
    await page.getByRole('button', { name: new RegExp(name) }).click();
    await opened;
    const conversation = page.getByTestId('whatsapp-conversation');
    await expect(conversation.getByText('Hello, can I pay my EMI on Friday?')).toHaveCount(1);
    await expect(page.getByTestId('whatsapp-window')).toHaveText(/^Window open until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d (am|pm)$/);
    await page.getByLabel('Message', { exact: true }).fill('Yes, Friday is fine. Thank you!');
    const delivered = answered(page, '/api/admin/whatsapp/messages');
    const reread = page.waitForResponse(
      (r) => r.url().includes('/api/admin/whatsapp/conversations/') && r.request().method() === 'GET' && r.ok(),
    );
    await page.getByRole('button', { name: 'Send' }).click();
    await delivered;
    await reread;
    await expect(conversation.getByText('Yes, Friday is fine. Thank you!')).toBeVisible();
    await expect(conversation.getByText(/Sent, recorded/)).toBeVisible();
    await expectNoAxeViolations(page, 'WhatsApp conversation');
    await page.screenshot({ path: path.join(shots, 'admin-whatsapp.png') });

    // The narrow console: the list above the conversation.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(conversation.getByText('Hello, can I pay my EMI on Friday?')).toBeVisible();
    await page.screenshot({ path: path.join(shots, 'admin-whatsapp-narrow.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    try {
      // Five days past the first due date, closed: the loan is in the overdue book.
      await client.call('PUT', '/admin/business-date', staff, { date: addDays(due, 5) });
      await client.call('POST', '/admin/close-of-business', staff, { date: addDays(due, 4) });

      // The IVR provider reports a promise to pay: it is listed, linked to the loan, and in its contact log.
      await webhook(
        'ivr',
        {
          callId: `exo-${unique}`,
          loanId,
          to: phone,
          outcome: 'promised-to-pay',
          promiseToPayOn: addDays(due, 7),
          durationSeconds: 48,
          endedAt: new Date().toISOString(),
        },
        E2E_IVR_SECRET,
      );
      const calls = answered(page, '/api/admin/ivr-calls');
      await page.getByRole('menuitem', { name: 'IVR status' }).click();
      await calls;
      await page.getByLabel('Outcome').click();
      await page.getByRole('option', { name: 'Promise to pay' }).click();
      const ivrRow = page.locator('tbody tr', { hasText: name });
      await expect(ivrRow).toContainText('Promise to pay');
      await expect(ivrRow).toContainText('Logged');
      await expectNoAxeViolations(page, 'IVR status');
      await page.screenshot({ path: path.join(shots, 'admin-ivr-status.png') });

      // The dialer: the loan on the call list; its Call button follows the window (it depends on the hour the test runs).
      const queued = answered(page, '/api/admin/dialer/queue');
      await page.getByRole('menuitem', { name: 'Dialer' }).click();
      await queued;
      const queue = (await client.call('GET', '/admin/dialer/queue', staff)) as { window: { open: boolean; reason: string | null } };
      const row = page.locator('tbody tr', { hasText: name });
      await expect(row).toHaveCount(1);
      const call = row.getByRole('button', { name: `Call ${name}` });
      if (queue.window.open) {
        await expect(call).toBeEnabled();
        await call.click();
        const dialog = page.getByRole('dialog', { name: `Calling ${name}` });
        await dialog.getByLabel('Outcome').click();
        await page.getByRole('option', { name: 'Asked to call back' }).click();
        await dialog.getByLabel('Note').fill('Call after 6 pm');
        await expectNoAxeViolations(page, 'dialer outcome dialog');
        await dialog.getByRole('button', { name: 'Record outcome' }).click();
        await expect(page.getByText('Outcome recorded in the contact log')).toBeVisible();
      } else {
        await expect(call).toBeDisabled();
        await expect(row).toContainText('08:00 to 19:00');
        await expect(page.getByTestId('dialer-window')).toContainText(queue.window.reason!);
      }
      await expectNoAxeViolations(page, 'dialer');
      await page.screenshot({ path: path.join(shots, 'admin-dialer.png') });
    } finally {
      await client.call('PUT', '/admin/business-date', staff, { date: original });
    }
  });
});
