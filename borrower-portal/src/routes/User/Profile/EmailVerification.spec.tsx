import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../api/auth';
import { ToastProvider } from '../../../shell/Toasts';
import { recordedApi } from '../../../test/recordedApi';
import { EmailVerification } from './EmailVerification';

const profile = {
  _id: 'u1',
  id: 'u1',
  name: 'Meera Nair',
  email: 'meera@example.com',
  phone: '+919876543210',
  role: 'borrower',
  emailVerified: false,
} as unknown as Profile;

const api = recordedApi;

function renderIt(p: Profile = profile) {
  const onVerified = vi.fn();
  render(
    <ToastProvider>
      <EmailVerification profile={p} onVerified={onVerified} />
    </ToastProvider>,
  );
  return onVerified;
}

const wrong = {
  type: 'wrong-code',
  title: 'The code was not accepted',
  status: 400,
  detail: 'That code is not right; 4 tries left.',
  message: 'That code is not right; 4 tries left.',
  fields: [{ name: 'code', message: 'That code is not right; 4 tries left.' }],
};

afterEach(() => vi.restoreAllMocks());

describe('EmailVerification', () => {
  it('a verified email says so, with nothing to do', () => {
    renderIt({ ...profile, emailVerified: true } as Profile);
    expect(screen.getByTestId('email-verification')).toHaveTextContent('Your email meera@example.com is Verified');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('not verified: "Verify my email" sends the code, a wrong code is named on the field, the right one verifies', async () => {
    let tries = 0;
    const calls = api({
      '/api/me/email-verification': () => ({
        status: 202,
        body: { email: 'meera@example.com', expiresAt: '2026-12-03T10:30:00Z', digits: 6 },
      }),
      '/api/me/email-verification/confirm': () =>
        tries++ === 0 ? { status: 400, body: wrong } : { status: 200, body: { ...profile, emailVerified: true } },
    });
    const onVerified = renderIt();
    expect(screen.getByTestId('email-verification')).toHaveTextContent('is Not verified');
    await userEvent.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByText('We emailed a 6-digit code to meera@example.com. It is valid for 30 minutes.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits of the code we emailed you')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/confirm'))).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Code from the email'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right; 4 tries left.', { selector: '.field__error' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code from the email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(screen.getByLabelText('Code from the email'));
    await userEvent.type(screen.getByLabelText('Code from the email'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your email is verified.')).toBeInTheDocument();
    expect(onVerified).toHaveBeenCalledWith(expect.objectContaining({ emailVerified: true }));
    expect(calls.at(-1)).toEqual({ url: '/api/me/email-verification/confirm', method: 'POST', body: { code: '123456' } });
  });

  it('too many codes: the refusal is shown', async () => {
    const detail = 'Too many verification codes sent to your email. Try again in 42 minutes.';
    api({
      '/api/me/email-verification': () => ({
        status: 429,
        body: { type: 'too-many-requests', title: 'Too many requests', status: 429, detail, message: detail },
      }),
    });
    renderIt();
    await userEvent.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByText(detail)).toBeInTheDocument();
  });
});
