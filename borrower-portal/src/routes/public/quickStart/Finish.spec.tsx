import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickStart } from '../../../api/quickStart';

const config = vi.hoisted(() => ({ socialSignInConfigured: false, firebaseConfig: {} }));
const finishQuickStart = vi.hoisted(() => vi.fn());
vi.mock('../../Auth/firebase-config', () => config);
vi.mock('../../Auth/firebase', () => ({ googleIdToken: async () => 'google-id-token-from-popup' }));
vi.mock('../../../api/quickStart', () => ({ finishQuickStart }));
vi.mock('../../../session/session', () => ({ completeSignIn: vi.fn() }));

const { FinishStep } = await import('./Finish');

const view = {
  phone: '+919812345678',
  next: 'Step5',
  missing: [],
  answers: {},
  resumableUntil: '2026-12-28',
  consents: [],
} as unknown as QuickStart;

function renderStep6() {
  const router = createMemoryRouter(
    [
      { path: '/quickStart/components/Step6', element: <FinishStep proof="the-proof" view={view} onSaved={() => undefined} /> },
      { path: '/User/newLoan/Emi/:id/Step0', element: <h1>Your loan terms</h1> },
    ],
    { initialEntries: ['/quickStart/components/Step6'] },
  );
  render(<RouterProvider router={router} />);
}

describe('quick start Step6', () => {
  beforeEach(() => {
    finishQuickStart.mockReset();
  });

  it('without Firebase in the build, offers only the password (as Login)', () => {
    config.socialSignInConfigured = false;
    renderStep6();
    expect(screen.getByRole('button', { name: 'Create my account and apply' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('with Firebase, finishes with the Google ID token instead of a password and lands on the application', async () => {
    config.socialSignInConfigured = true;
    finishQuickStart.mockResolvedValue({
      token: 't',
      deviceId: 'd',
      user: {},
      loan: { id: 'l1', type: 'EMI', state: 'new' },
      next: '/User/newLoan/Emi/l1/Step0',
    });
    renderStep6();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('heading', { name: 'Your loan terms' })).toBeTruthy();
    expect(finishQuickStart).toHaveBeenCalledWith('the-proof', { idToken: 'google-id-token-from-popup' });
  });

  it("shows the server's refusal of the sign-in account", async () => {
    config.socialSignInConfigured = true;
    const { ApiError } = await import('@lending/web-common/http');
    finishQuickStart.mockRejectedValue(
      new ApiError({
        type: 'already-registered',
        title: 'Already registered',
        status: 409,
        detail: 'This sign-in account already has an account with us; sign in with it instead.',
        fields: [{ name: 'idToken', message: 'This sign-in account already has an account with us; sign in with it instead.' }],
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderStep6();
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('already has an account with us'));
  });
});
