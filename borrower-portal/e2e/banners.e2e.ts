import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '@lending/web-common/e2e/axe';
import { baseUrl, call, screenshot, staff } from './support';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const hour = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

type Banner = {
  id: string;
  title: string;
  link: string | null;
  audience: string;
  startsAt: string;
  endsAt: string | null;
  order: number;
  active: boolean;
};

/** Issue 15 (b): staff's banners on the portal's home page, only within their schedule, at 360 px too. */
test('a banner shows on the home page only within its schedule', async ({ browser }) => {
  const token = await staff();
  const stamp = Date.now().toString(36);
  const post = (title: string, startsAt: string, endsAt: string | null) =>
    call<Banner>('POST', '/admin/banners', token, {
      title,
      link: '/EmiCalculator',
      audience: 'home',
      startsAt,
      endsAt,
      order: 0,
      active: true,
      image: PNG,
    });
  await post(`Diwali offer ${stamp}`, at(-hour), at(hour));
  const later = await post(`New year offer ${stamp}`, at(hour), at(2 * hour));
  await post(`Monsoon offer ${stamp}`, at(-2 * hour), at(-hour));

  const first = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await first.newPage();
  await page.goto(`${baseUrl()}/`);
  const offers = page.getByRole('region', { name: 'Offers and news' });
  await expect(offers.getByRole('img', { name: `Diwali offer ${stamp}` })).toBeVisible();
  await expect(offers.getByText(`New year offer ${stamp}`)).toHaveCount(0);
  await expect(offers.getByText(`Monsoon offer ${stamp}`)).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow on the home page').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'home with banners');
  await offers.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/EmiCalculator$/);
  await first.close();

  // Its schedule starts now: a visitor whose browser has not cached the list (it may for a minute) sees it.
  const { id, startsAt: _startsAt, endsAt: _endsAt, ...rest } = later;
  await call('PUT', `/admin/banners/${id}`, token, {
    title: rest.title,
    link: rest.link,
    audience: rest.audience,
    order: rest.order,
    active: rest.active,
    startsAt: at(-1000),
    endsAt: at(hour),
  });
  const second = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const again = await second.newPage();
  await again.goto(`${baseUrl()}/`);
  await expect(again.getByRole('img', { name: `New year offer ${stamp}` })).toBeVisible();
  await expect(again.getByRole('img', { name: `Diwali offer ${stamp}` })).toBeVisible();
  await screenshot(again, 'phone-home-banners');
  await second.close();
});
