import { render, screen } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@lending/web-common/http';
import { ErrorPage } from './ErrorPage';

/** The router's error element as the app mounts it, with a route whose loader fails with `error`. */
function failWith(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <ErrorPage />,
        loader: () => {
          throw error;
        },
        element: <p>page</p>,
        hydrateFallbackElement: <p>loading</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => vi.restoreAllMocks());

describe('the error page (spec §2: the error is printed only when the status is 500)', () => {
  it('prints a crash, which is a 500', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failWith(new TypeError("Cannot read properties of undefined (reading 'schedule')"));
    expect(await screen.findByRole('heading', { name: 'Something went wrong on our side' })).toBeInTheDocument();
    expect(screen.getByText("Cannot read properties of undefined (reading 'schedule')")).toBeInTheDocument();
  });

  it('prints the detail of an API 500', async () => {
    failWith(new ApiError({ type: 'about:blank', status: 500, detail: 'relation "loans" does not exist' }));
    expect(await screen.findByText('relation "loans" does not exist')).toBeInTheDocument();
  });

  it.each([
    [403, 'This page is not available to you'],
    [409, 'Something changed in the meantime'],
    [503, 'We are briefly unavailable'],
  ])('shows a plain sentence for an API %i, and nothing of the problem', async (status, title) => {
    failWith(new ApiError({ type: 'about:blank', status, detail: 'role borrower may not use /api/admin (internal)' }));
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByText(/internal/)).toBeNull();
  });

  it('keeps the data of a thrown route response to itself unless it is a 500', async () => {
    failWith(data('stack trace of the upstream service', { status: 502, statusText: 'Bad Gateway' }));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Error 502')).toBeInTheDocument();
    expect(screen.queryByText(/stack trace/)).toBeNull();
    expect(screen.queryByText('Bad Gateway')).toBeNull();
  });

  it('prints the data of a thrown route response with status 500', async () => {
    failWith(data('the upstream service failed', { status: 500 }));
    expect(await screen.findByText('the upstream service failed')).toBeInTheDocument();
  });

  it('shows "Page not found" for a 404 response', async () => {
    failWith(data(null, { status: 404 }));
    expect(await screen.findByRole('heading', { name: 'Page not found: /' })).toBeInTheDocument();
  });
});
