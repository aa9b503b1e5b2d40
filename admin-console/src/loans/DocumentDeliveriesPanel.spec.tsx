import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DocumentDelivery } from '@lending/web-common/api';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { DocumentDeliveriesPanel } from './DocumentDeliveriesPanel';

const row = (over: Partial<DocumentDelivery>): DocumentDelivery => ({
  id: `d-${over.channel}`,
  loanId: 'loan-1',
  channel: 'email',
  documents: ['agreement', 'kfs'],
  recipient: 'asha@example.com',
  status: 'sent',
  attempts: 1,
  lastError: null,
  emailId: null,
  createdAt: '2026-12-02T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:05.000Z',
  ...over,
});

describe('Documents sent (loan page)', () => {
  it('shows each channel with its status and attempts, and why one was not sent', async () => {
    const { dataProvider } = fakeApi({
      'GET /api/admin/loans/loan-1/document-deliveries': () => [
        row({ channel: 'email', status: 'sent', attempts: 2 }),
        row({
          channel: 'sms',
          recipient: null,
          status: 'skipped',
          attempts: 0,
          lastError: 'Not sent: the borrower has no phone on their profile.',
        }),
      ],
    });
    renderWithAdmin(<DocumentDeliveriesPanel loanId="loan-1" signedAt="2026-12-02T10:00:00.000Z" />, {
      dataProvider,
      authProvider: fakeAuth(['loans.view']),
    });
    const table = await screen.findByTestId('document-deliveries');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Email');
    expect(rows[1]).toHaveTextContent('signed agreement, KFS');
    expect(rows[1]).toHaveTextContent('asha@example.com');
    expect(rows[1]).toHaveTextContent('Sent');
    expect(within(rows[1]!).getAllByRole('cell')[4]).toHaveTextContent('2');
    expect(rows[2]).toHaveTextContent('SMS');
    expect(rows[2]).toHaveTextContent('Not sent');
    expect(rows[2]).toHaveTextContent('no phone on their profile');
  });

  it('says nothing is recorded yet, not that nothing was sent, when the borrower has signed', async () => {
    const { dataProvider } = fakeApi({ 'GET /api/admin/loans/loan-1/document-deliveries': () => [] });
    renderWithAdmin(<DocumentDeliveriesPanel loanId="loan-1" signedAt="2026-12-03T07:47:00.000Z" />, {
      dataProvider,
      authProvider: fakeAuth(['loans.view']),
    });
    expect(await screen.findByTestId('document-deliveries')).toHaveTextContent(
      'Nothing recorded yet for the signing of 3 Dec 2026, 1:17 pm: the signed agreement and the KFS are emailed, and an SMS sent, by the worker shortly after it.',
    );
  });

  it('sends a failed delivery again with "Send again"; a sent one has no button', async () => {
    let status: DocumentDelivery['status'] = 'failed';
    const resent: string[] = [];
    const { dataProvider } = fakeApi({
      'GET /api/admin/loans/loan-1/document-deliveries': () => [
        row({ channel: 'email', status: 'sent' }),
        row({ channel: 'sms', recipient: '+919800000001', status, lastError: 'provider timed out' }),
      ],
      'POST /api/admin/document-deliveries/d-sms/resend': () => {
        resent.push('d-sms');
        status = 'queued';
        return row({ channel: 'sms', status });
      },
    });
    renderWithAdmin(<DocumentDeliveriesPanel loanId="loan-1" signedAt="2026-12-02T10:00:00.000Z" />, {
      dataProvider,
      authProvider: fakeAuth(['loans.view', 'emails.view']),
    });
    const table = await screen.findByTestId('document-deliveries');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    await within(rows[2]!).findByRole('button', { name: 'Send the SMS again' });
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Send the SMS again' }));
    await waitFor(() => expect(resent).toEqual(['d-sms']));
    await waitFor(() => expect(within(screen.getByTestId('document-deliveries')).getAllByRole('row')[2]).toHaveTextContent('Queued'));
  });

  it('offers no "Send again" to staff who may see loans but not retry sending (the read-only Viewer)', async () => {
    const { dataProvider } = fakeApi({
      'GET /api/admin/loans/loan-1/document-deliveries': () => [row({ channel: 'sms', status: 'failed', lastError: 'provider timed out' })],
    });
    renderWithAdmin(<DocumentDeliveriesPanel loanId="loan-1" signedAt="2026-12-02T10:00:00.000Z" />, {
      dataProvider,
      authProvider: fakeAuth(['loans.view']),
    });
    const table = await screen.findByTestId('document-deliveries');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('provider timed out');
    expect(within(table).queryByRole('button')).toBeNull();
  });
});
