import { expect, type Page } from '@playwright/test';
import { apiClient } from './api';
import { STAFF } from './backend';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts (global setup starts the backend)');
  return url;
};

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
