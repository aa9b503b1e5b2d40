import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Consent } from '../../api/consents';
import { ConfirmProvider } from '../../shell/ConfirmDialog';
import { ToastProvider } from '../../shell/Toasts';
import Consents from './Consents';

const consent = (purpose: Consent['purpose'], label: string, withdrawal: Consent['withdrawal']): Consent => ({
  id: `id-${purpose}`,
  purpose,
  label,
  version: '2026-11-01',
  textHash: 'a'.repeat(64),
  text: `The ${purpose} text.`,
  channel: 'quick-start',
  givenAt: '2026-11-20T05:30:00.000Z',
  withdrawnAt: null,
  withdrawal,
});
const REASON = 'You have 1 application in progress made under this consent: it can be withdrawn once it is closed, cancelled or decided.';
const LIST = [
  consent('terms', 'The terms and conditions of the platform', { allowed: false, reason: REASON }),
  consent('communications', 'Offers and news by SMS, email and WhatsApp', { allowed: true }),
];
const WITHDRAWN = [LIST[0], { ...LIST[1], withdrawnAt: '2026-12-02T06:00:00.000Z', withdrawal: null }];

function server(list: Consent[]) {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    asked.push(`${init?.method ?? 'GET'} ${String(url)}`);
    return new Response(JSON.stringify(init?.method === 'POST' ? WITHDRAWN : list), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return asked;
}

const renderIt = () =>
  render(
    <ToastProvider>
      <ConfirmProvider>
        <Consents />
      </ConfirmProvider>
    </ToastProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('Your consents', () => {
  it('lists each consent with its purpose in plain words, the version and when given; the reason where it cannot be withdrawn', async () => {
    server(LIST);
    renderIt();
    const terms = await screen.findByTestId('consent-terms');
    expect(within(terms).getByRole('heading', { name: 'The terms and conditions of the platform' })).toBeInTheDocument();
    expect(terms).toHaveTextContent('Version 2026-11-01, given');
    expect(within(terms).getByTestId('consent-reason')).toHaveTextContent(REASON);
    expect(within(terms).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(within(screen.getByTestId('consent-communications')).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('withdraws only after the confirmation, and then shows when it was withdrawn', async () => {
    const asked = server(LIST);
    renderIt();
    const communications = await screen.findByTestId('consent-communications');
    await userEvent.click(within(communications).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Withdraw your consent: Offers and news by SMS, email and WhatsApp?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(asked).toEqual(['GET /api/me/consents']);
    await userEvent.click(within(communications).getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await within(screen.getByTestId('consent-communications')).findByText(/withdrawn/)).toBeInTheDocument();
    expect(within(screen.getByTestId('consent-communications')).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(asked).toEqual(['GET /api/me/consents', 'POST /api/me/consents/communications/withdraw']);
  });

  it('says so when no consent was given', async () => {
    server([]);
    renderIt();
    expect(await screen.findByText('You have not given any consents on this account yet.')).toBeInTheDocument();
  });
});
