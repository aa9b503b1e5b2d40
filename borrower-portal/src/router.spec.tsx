import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
});
afterEach(() => vi.restoreAllMocks());

describe('routes', () => {
  it('show the home page at /', async () => {
    renderAt('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Borrow for what matters, repay in fixed monthly EMIs' }),
    ).toBeInTheDocument();
  });

  it.each(['/about', '/emicalculator', '/AUTH/Login', '/Nowhere', '/Contact-us/extra'])(
    "answer 'Page not found: %s' (paths are case-sensitive)",
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(`Page not found: ${path}`);
    },
  );

  it('open the exact public paths', async () => {
    renderAt('/Rate-terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rates and fees' })).toBeInTheDocument();
  });

  it('send a signed-out visitor of the borrower area to sign in, with the way back', async () => {
    const router = renderAt('/User/Loans/3f0c8a3e-7c55-4d8c-9a57-1f1f9b0f2a11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Auth/Login');
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent('/User/Loans/3f0c8a3e-7c55-4d8c-9a57-1f1f9b0f2a11')}`);
  });

  it('show each profile section as its own page with its form and status, not as not found', async () => {
    localStorage.setItem('token', 'signed-in');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const bank = { section: 'bank', status: 'missing', reason: null, updatedAt: null, reviewedAt: null, data: null };
    vi.mocked(fetch).mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/api/me/profile/sections')) return json([bank]);
      if (url.endsWith('/api/me/profile/bank')) return json(bank);
      return json({ user: { name: 'Asha Rao' } });
    });
    renderAt('/User/Profile/Bank');
    expect(await screen.findByRole('heading', { level: 2, name: 'Bank' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(await screen.findByText('(to do)')).toBeInTheDocument();
  });
});
