import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../api/auth';
import { ToastProvider } from '../../../shell/Toasts';
import { recordedApi } from '../../../test/recordedApi';
import { ProfileForm } from './ProfileForm';

const profile = {
  _id: 'u1',
  id: 'u1',
  name: 'Meera Nair',
  email: 'meera@example.com',
  phone: '+919876543210',
  role: 'borrower',
} as unknown as Profile;

const api = recordedApi;

function renderForm() {
  const onSaved = vi.fn();
  render(
    <ToastProvider>
      <ProfileForm profile={profile} onSaved={onSaved} />
    </ToastProvider>,
  );
  return onSaved;
}

afterEach(() => vi.restoreAllMocks());

describe('ProfileForm', () => {
  it('a name change alone is saved at once, without a code', async () => {
    const calls = api({ '/api/me/profile': (body) => ({ status: 200, body: { ...profile, ...body } }) });
    const onSaved = renderForm();
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Meera K. Nair');
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(calls).toEqual([{ url: '/api/me/profile', method: 'PUT', body: { name: 'Meera K. Nair' } }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Meera K. Nair' }));
  });

  it('a new number asks for the code sent to it, then saves the change with the proof', async () => {
    const calls = api({
      '/api/public/otp': (body) => ({
        status: 202,
        body: { phone: '+919123456789', purpose: body!.purpose, expiresAt: '2026-11-28T17:00:00Z', digits: 6 },
      }),
      '/api/public/otp/verify': (body) =>
        body!.code === '123456'
          ? { status: 200, body: { proof: 'the-proof', expiresIn: 1800 } }
          : {
              status: 400,
              body: {
                type: 'wrong-code',
                title: 'The code was not accepted',
                status: 400,
                detail: 'That code is not right; 4 tries left.',
                message: 'That code is not right; 4 tries left.',
                fields: [{ name: 'code', message: 'That code is not right; 4 tries left.' }],
              },
            },
      '/api/me/profile': (body) => ({ status: 200, body: { ...profile, phone: body!.phone } }),
    });
    const onSaved = renderForm();
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '9123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByTestId('phone-code-sent')).toHaveTextContent('We sent a 6-digit code by SMS to +91 91234 56789');
    expect(calls).toEqual([{ url: '/api/public/otp', method: 'POST', body: { phone: '9123456789', purpose: 'phone' } }]);
    expect(onSaved).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Verify and save' }));
    expect(await screen.findByText('Enter the 6 digits of the code we sent')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and save' }));
    expect(await screen.findByText('That code is not right; 4 tries left.', { selector: '.field__error' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/me/profile')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('6-digit code'));
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and save' }));
    expect(await screen.findByText('Your profile is saved and your new number is verified.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ url: '/api/me/profile', method: 'PUT', body: { phone: '+919123456789', phoneProof: 'the-proof' } });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ phone: '+919123456789' }));
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('a number the server refuses is marked on the field and no code is asked for', async () => {
    api({
      '/api/public/otp': () => ({
        status: 400,
        body: {
          type: 'validation-failed',
          title: 'Your request has invalid fields',
          status: 400,
          detail: 'phone: must be 10 to 15 digits',
          message: 'phone: must be 10 to 15 digits',
          fields: [{ name: 'phone', message: 'must be 10 to 15 digits, optionally starting with +' }],
        },
      }),
    });
    renderForm();
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('must be 10 to 15 digits, optionally starting with +')).toBeInTheDocument();
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
  });

  it('"Use another number" goes back to the number as typed', async () => {
    api({
      '/api/public/otp': () => ({
        status: 202,
        body: { phone: '+919123456789', purpose: 'phone', expiresAt: '2026-11-28T17:00:00Z', digits: 6 },
      }),
    });
    renderForm();
    await userEvent.clear(screen.getByLabelText('Mobile number'));
    await userEvent.type(screen.getByLabelText('Mobile number'), '9123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use another number' }));
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9123456789');
    expect(screen.queryByLabelText('6-digit code')).not.toBeInTheDocument();
  });
});
