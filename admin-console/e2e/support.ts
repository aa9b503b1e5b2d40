import { expect, type Page } from '@playwright/test';
import { baseUrl } from '@lending/web-common/e2e/backend';
import { apiClient } from './api';
import { STAFF } from './users';

export { baseUrl };

export const api = () => apiClient(baseUrl());

/** Opens `path` under /Admin, signing in on the way (the console sends unauthenticated visitors to its login page). */
export async function signIn(page: Page, path = '/Admin/Dashboard', who: { email: string; password: string } = STAFF) {
  await page.goto(`${baseUrl()}${path}`);
  await expect(page.getByRole('heading', { name: 'Lending admin' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeVisible();
  if (path !== '/Admin/Dashboard') await page.goto(`${baseUrl()}${path}`);
}

/** The row of a loan in the list on screen, found by the start of its id. */
export const loanRow = (page: Page, id: string) => page.locator('tbody tr', { has: page.locator(`span[title="${id}"]`) });

/** YYYY-MM-DD plus n days (calendar dates, no time zone involved). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
