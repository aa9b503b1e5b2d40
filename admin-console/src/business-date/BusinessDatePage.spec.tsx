import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CloseOfBusinessRun } from '@lending/web-common/api';
import { fakeApi, fakeAuth } from '../test/renderWithAdmin';
import { BusinessDatePage } from './BusinessDatePage';

const RUN: CloseOfBusinessRun = {
  id: 'run-1',
  date: '2026-12-28',
  businessDate: '2026-12-29',
  status: 'running',
  requestedBy: 'staff-1',
  startedAt: '2026-12-29T05:00:00Z',
  finishedAt: null,
  loansToVisit: 4,
  loansVisited: 1,
  loansAged: 1,
  eventsAppended: 4,
  reclassified: 1,
  penaltiesApplied: 1,
  remindersQueued: 0,
  presentationsDecided: 0,
  presentationsSent: 0,
  failure: null,
};

function renderPage(mode: 'automatic' | 'manual', permissions: string[], routes: Record<string, (body: unknown) => unknown> = {}) {
  const api = fakeApi({
    'GET /api/admin/business-date': () => ({ date: '2026-12-29', mode, timeZone: 'Asia/Kolkata' }),
    'GET /api/admin/close-of-business/runs': () => [],
    ...routes,
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={api.dataProvider} authProvider={fakeAuth(permissions)}>
        <BusinessDatePage />
      </AdminContext>
    </MemoryRouter>,
  );
  return api;
}

describe('the business date page', () => {
  it('in automatic mode says why the date cannot be moved and how to switch, and offers no close of business', async () => {
    renderPage('automatic', ['business-date.manage', 'cob.run']);
    const explanation = await screen.findByTestId('automatic-explanation');
    expect(explanation).toHaveTextContent('The date cannot be moved here: the server runs with BUSINESS_DATE_MODE=automatic');
    expect(explanation).toHaveTextContent(
      'restarts the server with BUSINESS_DATE_MODE=manual (in production also ALLOW_MANUAL_BUSINESS_DATE=true)',
    );
    expect(explanation).toHaveTextContent('the permission business-date.manage');
    expect(explanation).toHaveTextContent('cob.run');
    expect(screen.getByText('29 Dec 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close of business/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the business date' })).not.toBeInTheDocument();
  });

  it('in manual mode, without cob.run, says which permission running close of business needs', async () => {
    renderPage('manual', ['business-date.manage']);
    expect(await screen.findByRole('button', { name: 'Change the business date' })).toBeInTheDocument();
    expect(screen.getByText('Running close of business from here needs the permission cob.run.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run close of business' })).not.toBeInTheDocument();
  });

  it('in manual mode with cob.run, runs close of business after confirming, shows its progress, then what it did', async () => {
    let listed: CloseOfBusinessRun[] = [];
    const { calls } = renderPage('manual', ['cob.run'], {
      'GET /api/admin/close-of-business/runs': () => listed,
      'POST /api/admin/close-of-business/runs': () => ((listed = [RUN]), RUN),
    });
    const card = await screen.findByTestId('close-of-business');
    expect(card).toHaveTextContent('Closes every day up to and including 28 Dec 2026, the day before the business date');
    fireEvent.click(within(card).getByRole('button', { name: 'Run close of business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run close of business?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close through 28 Dec 2026' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(await screen.findByText('Closing through 28 Dec 2026: 1 of 4 loans…')).toBeInTheDocument();
    // The confirmation closes (until its exit transition ends, the page behind it is hidden from assistive technology).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Close of business progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(card).getByRole('button', { name: 'Run close of business' })).toBeDisabled();

    listed = [
      {
        ...RUN,
        status: 'completed',
        loansVisited: 4,
        loansAged: 3,
        reclassified: 2,
        penaltiesApplied: 1,
        remindersQueued: 5,
        presentationsDecided: 2,
        presentationsSent: 2,
        eventsAppended: 9,
        finishedAt: '2026-12-29T05:00:02Z',
      },
    ];
    expect(await screen.findByText(/^Closed through 28 Dec 2026\. Finished/, {}, { timeout: 4000 })).toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'What the run did' });
    expect(summary).toHaveTextContent(
      'Loans aged3Loans reclassified2Penal charges applied1Reminders queued5Auto-debits decided2Auto-debits sent2Events recorded9',
    );
    expect(within(card).getByRole('button', { name: 'Run close of business' })).toBeEnabled();
  });

  it('shows the refusal when a run is already going', async () => {
    renderPage('manual', ['cob.run'], {
      'POST /api/admin/close-of-business/runs': () => {
        throw new HttpError(
          'Close of business is already running for 2026-12-28; follow that run, and start another once it has finished.',
          409,
          {},
        );
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Run close of business' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close through 28 Dec 2026' }));
    expect(await screen.findByText(/already running for 2026-12-28/)).toBeInTheDocument();
  });
});
