import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../router';
import { PUBLIC_PARAMETER_ROUTES, pageViewLocation, pageViewPath } from './page-view-privacy';

const TOKEN = 'q8Zr3_x-Kd9LmN2pQ7sT4vW6yB1cE5fH0jA8gU3iO2k';
const LOAN = '3f2a91c0-0000-4000-8000-000000000000';

describe('a page view carries no secret', () => {
  it.each([
    // Every token route of router.tsx:
    [`/Eagreement/${TOKEN}`, '/Eagreement/:token'],
    [`/Auth/confirm-password/${TOKEN}`, '/Auth/confirm-password/:token'],
    // A wrong-case link still holds the token (it lands on the catch-all, 'Page not found'):
    [`/eagreement/${TOKEN}`, '/eagreement/:token'],
    [`/AUTH/Confirm-Password/${TOKEN}`, '/AUTH/Confirm-Password/:token'],
    // Ids:
    [`/User/Loans/${LOAN}`, '/User/Loans/:id'],
    ['/User/Loans/not-a-uuid-but-an-id', '/User/Loans/:id'],
    [`/User/newLoan/Emi/${LOAN}/Step5/pdfDisplay`, '/User/newLoan/Emi/:id/Step5/pdfDisplay'],
    ['/User/newLoan/salaryAdvance/abc123/Step1', '/User/newLoan/salaryAdvance/:id/Step1'],
  ])('given %s, then %s', (path, safe) => expect(pageViewPath(path)).toBe(safe));

  it('given a query string or a fragment, then neither is sent', () => {
    expect(pageViewPath(`/User/Loans/verifypayment?paymentId=${LOAN}&token=${TOKEN}`)).toBe('/User/Loans/verifypayment');
    expect(pageViewPath(`/Auth/Login?returnTo=%2FEagreement%2F${TOKEN}#x`)).toBe('/Auth/Login');
  });

  it('given public pages, then their path as it is', () => {
    for (const path of [
      '/',
      '/About',
      '/quickStart/components/mobile',
      '/Karnataka/Bengaluru',
      '/User/Loans',
      '/User/Loans/verifypayment',
      '/User/newLoan/Emi',
    ]) {
      expect(pageViewPath(path)).toBe(path);
    }
  });

  it('page_location is the origin and the safe path, nothing else', () => {
    expect(pageViewLocation('https://lending.example.com', `/Eagreement/${TOKEN}?utm_source=mail`)).toEqual({
      page_location: 'https://lending.example.com/Eagreement/:token',
      page_path: '/Eagreement/:token',
    });
  });
});

/** Every path of the route tree, parents joined to children. */
function pathsOf(tree: RouteObject[], prefix = ''): string[] {
  return tree.flatMap((route) => {
    const here = route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    return [...(route.path ? [here] : []), ...pathsOf(route.children ?? [], here)];
  });
}

describe('every parameterised route of the portal is classified', () => {
  it('as a secret or an id that a page view replaces, or as a public parameter kept on purpose', () => {
    const withParameters = [...new Set(pathsOf(routes).filter((p) => p.includes('/:')))];
    // Each parameter given a value: the page view must carry none of them (or the route keeps its parameter on purpose).
    const classified = (path: string) =>
      PUBLIC_PARAMETER_ROUTES.includes(path) ||
      !pageViewPath(path.replace(/:[A-Za-z]+/g, 'value-of-a-parameter')).includes('value-of-a-parameter');
    expect(withParameters.filter((p) => !classified(p))).toEqual([]);
    // The secret-bearing ones, named: a new token route must be added to PAGE_VIEW_RULES.
    expect(withParameters.filter((p) => /Eagreement|confirm-password/.test(p)).sort()).toEqual([
      '/Auth/confirm-password/:id',
      '/Eagreement/:id',
    ]);
  });
});
