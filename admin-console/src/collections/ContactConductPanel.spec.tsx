import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContactConduct } from '@lending/web-common/api';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { ContactConductPanel } from './ContactConductPanel';

const LOAN = '00000000-0000-4000-8000-000000000001';
const BORROWER = '00000000-0000-4000-8000-000000000002';

const conduct = (over: Partial<ContactConduct> = {}): ContactConduct => ({
  loanId: LOAN,
  borrowerId: BORROWER,
  timeZone: 'Asia/Kolkata',
  window: { open: true, opens: '08:00', closes: '19:00', localTime: '2026-12-02 10:15', reason: null, opensAt: null },
  today: { date: '2026-12-02', count: 1, max: 3, left: 2 },
  days: [{ date: '2026-12-02', count: 1, byChannel: { call: 1 } }],
  log: [{ at: '2026-12-02T04:30:00Z', channel: 'call', outcome: 'no-answer', by: 'staff-1', loanId: LOAN, note: 'Rang twice' }],
  heldReminders: [],
  ...over,
});

function render(answer: ContactConduct) {
  const { dataProvider } = fakeApi({ [`GET /api/admin/loans/${LOAN}/contact-conduct`]: () => answer });
  renderWithAdmin(<ContactConductPanel loanId={LOAN} />, { dataProvider, authProvider: fakeAuth(['loans.view', 'collections.view']) });
}

describe('the contact-with-the-borrower panel', () => {
  it('given the window open and one contact today, then it says so, with the day and the log', async () => {
    render(conduct());
    const panel = await screen.findByTestId('contact-conduct-panel');
    expect(within(panel).getByTestId('contact-window')).toHaveTextContent('Contact window open (08:00–19:00)');
    expect(within(panel).getByTestId('contacts-today')).toHaveTextContent('1 of 3 contacts today');
    expect(within(panel).getByRole('table', { name: 'Collection contacts per day, last 30 days' })).toHaveTextContent('Call 1');
    expect(within(panel).getByRole('table', { name: 'Latest collection contacts' })).toHaveTextContent('No answerRang twice');
  });

  it('given the window closed and the cap reached, then it gives the reason and the reminders held until 08:00', async () => {
    const reason =
      "Calls to borrowers about a loan are allowed from 08:00 to 19:00 only (it is 20:10 in the borrower's time zone); the window opens at 08:00 on 2026-12-03.";
    render(
      conduct({
        window: { open: false, opens: '08:00', closes: '19:00', localTime: '2026-12-02 20:10', reason, opensAt: '2026-12-03 08:00' },
        today: { date: '2026-12-02', count: 3, max: 3, left: 0 },
        heldReminders: [
          {
            loanId: LOAN,
            instalmentNumber: 2,
            kind: 'overdue',
            scheduledFor: '2026-12-03T02:30:00Z',
            reason: 'Held until 08:00 on 2026-12-03.',
          },
        ],
      }),
    );
    const panel = await screen.findByTestId('contact-conduct-panel');
    expect(within(panel).getByTestId('contact-window')).toHaveTextContent('Contact window closed');
    expect(within(panel).getByTestId('contact-window-reason')).toHaveTextContent(reason);
    expect(within(panel).getByTestId('contacts-today')).toHaveTextContent('3 of 3 contacts today: the daily cap is reached');
    expect(within(panel).getByTestId('held-reminders')).toHaveTextContent(
      'Instalment 2, overdue reminder: Held until 08:00 on 2026-12-03.',
    );
  });

  it('given no contact in 30 days, then it says so instead of an empty table', async () => {
    render(conduct({ days: [], log: [], today: { date: '2026-12-02', count: 0, max: 3, left: 3 } }));
    expect(await screen.findByText('No collection contact in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
