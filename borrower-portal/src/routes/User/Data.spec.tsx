import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErasureRequest, MyErasureRequests } from '@lending/web-common/api';
import { ConfirmProvider } from '../../shell/ConfirmDialog';
import { ToastProvider } from '../../shell/Toasts';
import Data from './Data';

const KYC_WHY = 'RBI Master Direction - Know Your Customer (KYC) Direction, 2016, Chapter VII Record Management (b)';
const PREVIEW: MyErasureRequests['preview'] = {
  duty: { kind: 'while-running', running: ['loan-1'] },
  erase: [
    { part: 'push-devices', what: 'Devices registered for push notifications' },
    { part: 'sessions', what: 'Signed-in devices' },
  ],
  kept: [
    {
      part: 'profile',
      what: 'Your profile and KYC details',
      why: KYC_WHY,
      until: null,
      untilText: 'While your application or loan runs, then 5 years after the last one ends',
    },
  ],
};
const CARRIED_OUT: ErasureRequest = {
  id: 'r-1',
  status: 'carried-out',
  reason: null,
  requestedAt: '2026-11-20T05:30:00.000Z',
  carriedOutAt: '2026-11-21T05:30:00.000Z',
  answer: {
    duty: { kind: 'until', until: '2031-06-30', endedOn: '2026-06-30' },
    erased: [{ part: 'sessions', what: 'Signed-in devices', count: 2 }],
    kept: [
      {
        part: 'loan-records',
        what: 'Your applications and loans',
        why: 'Record Management (a)',
        until: '2031-06-30',
        untilText: 'Until 2031-06-30',
      },
    ],
  },
};
const OFFER = {
  purpose: 'communications' as const,
  label: 'Offers and news',
  version: '2026-12-03',
  text: 'I would like offers and news.',
  inForce: false,
};

function server(requests: ErasureRequest[]) {
  const asked: string[] = [];
  let list = requests;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const method = init?.method ?? 'GET';
    const path = String(url);
    asked.push(`${method} ${path}${init?.body ? ` ${String(init.body)}` : ''}`);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (path.startsWith('/api/me/data-export'))
      return new Response('{}', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="my-data-2026-12-03.json"' },
      });
    if (path === '/api/me/consents/givable') return json([OFFER]);
    if (path === '/api/me/erasure-requests' && method === 'POST') {
      const added: ErasureRequest = {
        id: 'r-2',
        status: 'requested',
        reason: 'moving abroad',
        requestedAt: '2026-12-03T05:30:00.000Z',
        carriedOutAt: null,
        answer: null,
      };
      list = [added, ...list];
      return json({ ...added, plan: PREVIEW }, 201);
    }
    return json({ requests: list, preview: PREVIEW });
  });
  return asked;
}

const renderIt = () =>
  render(
    <MemoryRouter>
      <ToastProvider>
        <ConfirmProvider>
          <Data />
        </ConfirmProvider>
      </ToastProvider>
    </MemoryRouter>,
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Your data', () => {
  it('downloads the data as JSON with the name the server gives', async () => {
    const asked = server([]);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderIt();
    await userEvent.click(screen.getByRole('button', { name: 'Download as JSON' }));
    expect(await screen.findByText('Downloaded my-data-2026-12-03.json.')).toBeInTheDocument();
    expect(asked).toContain('GET /api/me/data-export?format=json');
    expect(saved).toHaveBeenCalledTimes(1);
  });

  it('asks for erasure only after a confirmation that says what will be erased and what must be kept, then shows it waiting', async () => {
    const asked = server([]);
    renderIt();
    const ask = await screen.findByRole('button', { name: 'Ask us to erase my data' });
    await userEvent.type(screen.getByLabelText('Why (optional)'), 'moving abroad');
    await userEvent.click(ask);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Signed-in devices');
    expect(dialog).toHaveTextContent(
      'Your profile and KYC details. While your application or loan runs, then 5 years after the last one ends.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(asked.some((a) => a.startsWith('POST'))).toBe(false);
    await userEvent.click(ask);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ask us to erase it' }));
    expect(await screen.findByTestId('erasure-waiting')).toHaveTextContent('We are carrying out your request');
    expect(asked).toContain('POST /api/me/erasure-requests {"reason":"moving abroad"}');
    expect(screen.queryByRole('button', { name: 'Ask us to erase my data' })).toBeNull();
  });

  it("shows a carried-out request's answer: what was erased, what was kept until when and why", async () => {
    server([CARRIED_OUT]);
    renderIt();
    const request = await screen.findByTestId('erasure-request');
    expect(request).toHaveTextContent('carried out on');
    expect(request).toHaveTextContent('Signed-in devices');
    expect(request).toHaveTextContent(/Your applications and loans\. Kept until .*2031/);
    expect(request).toHaveTextContent('Record Management (a)');
  });

  it('offers the communications consent with its text and gives it to the version read', async () => {
    const asked = server([]);
    renderIt();
    const offer = await screen.findByTestId('givable-communications');
    expect(offer).toHaveTextContent('I would like offers and news.');
    await userEvent.click(within(offer).getByRole('button', { name: 'Give my consent' }));
    expect(asked).toContain('POST /api/me/consents/communications/give {"version":"2026-12-03"}');
  });
});
