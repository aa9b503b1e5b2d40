import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { databaseUrl } from '@lending/web-common/e2e/backend';
import { api, baseUrl, signIn } from './support';
import { CREDIT_OFFICER } from './users';

/**
 * Issue 27 item 5 in the console: phones read grouped (+91 98765 01234), and Customers › Phones to review lists what
 * migration 0037 could not put in one form, with Keep and Clear. The listed rows are of a database of before the
 * migration, so they are written here directly (no API makes them).
 */
const shots = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');

async function seedCollision(mobile: string): Promise<{ plain: string; e164: string }> {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    const [plain, e164] = [randomUUID(), randomUUID()];
    await db.query(
      `INSERT INTO users (id, role, name, email, phone) VALUES ($1, 'borrower', 'Asha Typed', $3, $4), ($2, 'borrower', 'Ravi Quickstart', $5, $6)`,
      [plain, e164, `asha.${mobile}@example.com`, mobile, `ravi.${mobile}@example.com`, `+91${mobile}`],
    );
    await db.query(
      `INSERT INTO phone_collisions (user_id, stored_phone, normalized_phone, reason) VALUES ($1, $2, $3, 'collision'), ($4, $5, $3, 'collision')`,
      [plain, mobile, `+91${mobile}`, e164, `+91${mobile}`],
    );
    return { plain, e164 };
  } finally {
    await db.end();
  }
}

test('Phones to review: keep is refused while another account holds the number; clear one, keep the other', async ({ page }) => {
  const mobile = `93${String(Date.now()).slice(-8)}`;
  const grouped = `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
  await seedCollision(mobile);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/Admin/PhoneCollisions');
  await expect(page.getByRole('heading', { name: 'Phones to review' })).toBeVisible();
  // A row's name starts with its account (the other column names the other account too).
  const asha = page.getByRole('row', { name: /^Asha Typed / });
  const ravi = page.getByRole('row', { name: /^Ravi Quickstart / });
  await expect(asha).toContainText(mobile);
  await expect(asha).toContainText(grouped);
  await expect(asha).toContainText(`Ravi Quickstart (borrower) · ${grouped}`);
  await expectNoAxeViolations(page, 'phones to review');
  // Nothing wider than the 1280 px window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: path.join(shots, 'admin-phones-to-review.png') });

  await ravi.getByRole('button', { name: `Keep ${grouped} for Ravi Quickstart` }).click();
  await expect(page.getByText(`another account holds +91${mobile} too: clear theirs first, then keep this one.`)).toBeVisible();
  await asha.getByRole('button', { name: 'Clear the phone of Asha Typed' }).click();
  await expect(page.getByText("Asha Typed's phone is cleared")).toBeVisible();
  await expect(asha).toHaveCount(0);
  await ravi.getByRole('button', { name: `Keep ${grouped} for Ravi Quickstart` }).click();
  await expect(page.getByText(`Ravi Quickstart keeps ${grouped}`)).toBeVisible();
  await expect(ravi).toHaveCount(0);
  // A new account with the number, written another way, is refused: it is Ravi's.
  const taken = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Third Person',
      email: `third.${mobile}@example.com`,
      phone: `0${mobile}`,
      password: 'borrower-password',
    }),
  });
  expect(taken.status).toBe(409);
});

test('phones read grouped in the customer list, and staff without customers.phones have no Phones to review', async ({ page }) => {
  const token = await api().borrower('Grouped Phone');
  const me = (await api().call('GET', '/me', token)) as { phone?: string; user?: { phone?: string } };
  const phone = (me.phone ?? me.user?.phone)!;
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, '/Admin/Customers');
  await page.getByPlaceholder(/Name, phone, email/).fill('Grouped Phone');
  const row = page.locator('tbody tr', { hasText: 'Grouped Phone' }).first();
  await expect(row).toContainText(`+91 ${phone.slice(3, 8)} ${phone.slice(8)}`);
  await page.screenshot({ path: path.join(shots, 'admin-customers-phones.png') });

  const officer = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 1280, height: 800 } });
  const other = await officer.newPage();
  await signIn(other, '/Admin/Dashboard', CREDIT_OFFICER);
  await expect(other.getByRole('menuitem', { name: 'Phones to review' })).toHaveCount(0);
  await officer.close();
});
