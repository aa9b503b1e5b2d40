import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, HttpError, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeAuth } from '../test/renderWithAdmin';
import { CollectionShow } from './CollectionShow';
import type { CollectionRow } from './types';

const ROW: CollectionRow = {
  id: 'inst:loan-1:2',
  kind: 'instalment',
  loanId: 'loan-1',
  state: 'active',
  borrower: { name: 'Meera Pillai', phone: '+919800000001' },
  instalmentNumber: 2,
  dueDate: '2026-11-15',
  amountDue: 788_488,
  amountOverdue: 788_488,
  due: { principal: 788_488, interest: 0, fees: 0, penalties: 0, total: 788_488 },
  outstanding: null,
  amountPaid: 100_000,
  buckets: ['Due'],
  dpd: 8,
  classification: 'SMA-0',
  lastReminderAt: null,
  assignedTo: 'staff-2',
  assignedToName: 'Asha Rao',
  lastContactAt: '2026-11-16T10:00:00Z',
  promiseToPayOn: '2026-11-20',
  promiseBroken: true,
  paymentId: null,
  amount: null,
};

function api(extra: Record<string, (body: unknown) => unknown> = {}) {
  return fakeApi({
    'GET /api/admin/collections/inst%3Aloan-1%3A2': () => ROW,
    'GET /api/admin/collectors': () => [
      { id: 'staff-1', name: 'Priya Staff' },
      { id: 'staff-2', name: 'Asha Rao' },
    ],
    'GET /api/admin/loans/loan-1/contacts': () => [
      {
        id: 'c1',
        loanId: 'loan-1',
        channel: 'call',
        outcome: 'promised-to-pay',
        note: 'Salary on the 20th',
        promiseToPayOn: '2026-11-20',
        businessDate: '2026-11-16',
        recordedAt: '2026-11-16T10:00:00Z',
        recordedBy: 'staff-2',
        recordedByName: 'Asha Rao',
      },
    ],
    'GET /api/admin/business-date': () => ({ date: '2026-11-23', mode: 'manual', timeZone: 'Asia/Kolkata' }),
    ...extra,
  });
}

function renderAt(path: string, permissions: string[], dataProvider: ReturnType<typeof api>['dataProvider']) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={fakeAuth(permissions)}>
        <Routes>
          <Route path="/Collection/Due/:id" element={<CollectionShow />} />
          <Route path="/Collections/:id" element={<CollectionShow />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('a collection’s detail page', () => {
  it('shows the borrower, the money in rupees, days past due, the collector, the broken promise and the contact log', async () => {
    const { dataProvider } = api();
    renderAt('/Collection/Due/inst%3Aloan-1%3A2', ['collections.view'], dataProvider);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Meera Pillai · instalment 2');
    const page = screen.getByTestId('collection-page');
    expect(page).toHaveTextContent('+91 98000 00001');
    // What is still owed on it (not the instalment's size), split by part, and what was paid.
    expect(page).toHaveTextContent('Still owed on it₹7,884.88');
    expect(screen.getByTestId('owed-split')).toHaveTextContent('Principal₹7,884.88Interest₹0.00Fees₹0.00Penal charges₹0.00');
    expect(page).toHaveTextContent('Paid so far₹1,000.00');
    expect(page).toHaveTextContent('8 days');
    expect(page).toHaveTextContent('SMA-0');
    expect(await within(page).findByText('Asha Rao', { selector: 'div' })).toBeInTheDocument();
    expect(screen.getByTestId('promise-broken')).toHaveTextContent('Broken: promised 20 Nov 2026');
    expect(screen.getByText('The borrower promised to pay by 20 Nov 2026 and no payment has arrived since.')).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Contact log' });
    expect(log).toHaveTextContent('Phone call');
    expect(log).toHaveTextContent('Promised to pay');
    expect(log).toHaveTextContent('Salary on the 20th');
    expect(screen.getByRole('link', { name: '← Back to Due' })).toHaveAttribute('href', '/Collection/Due');
    // collections.view records contacts; assigning needs collections.manage.
    expect(screen.getByRole('button', { name: 'Record contact' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign' })).not.toBeInTheDocument();
  });

  it('assigns the loan to a collector for collections.manage', async () => {
    const { dataProvider, calls } = api({ 'POST /api/admin/loans/loan-1/assign': () => ({ ok: true }) });
    renderAt('/Collection/Due/inst%3Aloan-1%3A2', ['collections.view', 'collections.manage'], dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to a collector' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Collector/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Priya Staff' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign 1 loan to Priya Staff' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ staffId: 'staff-1' });
    expect(await screen.findByText('Loan assigned to Priya Staff.')).toBeInTheDocument();
  });
  it('un-assigns an assigned loan after confirming in the dialog (staffId null)', async () => {
    const { dataProvider, calls } = api({
      'GET /api/admin/collections/inst%3Aloan-1%3A2': () => ({ ...ROW, assignedTo: 'staff-1' }),
      'POST /api/admin/loans/loan-1/assign': () => ({ ok: true }),
    });
    renderAt('/Collection/Due/inst%3Aloan-1%3A2', ['collections.view', 'collections.manage'], dataProvider);
    fireEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to a collector' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Collector/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'No collector (un-assign)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Un-assign 1 loan' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ staffId: null });
    expect(await screen.findByText('Loan un-assigned: no collector.')).toBeInTheDocument();
  });

  it('opened through a bucket the row is not in, says where it is and links there, instead of showing it', async () => {
    const { dataProvider, calls } = api({
      'GET /api/admin/collections/inst%3Aloan-1%3A2': () => {
        throw new HttpError('inst:loan-1:2 is not in Due at the business date; it is in Paid.', 404, {
          type: 'not-in-bucket',
          bucket: 'Due',
          buckets: ['Paid'],
        });
      },
    });
    renderAt('/Collection/Due/inst%3Aloan-1%3A2', ['collections.view'], dataProvider);
    expect(await screen.findByTestId('not-in-bucket')).toHaveTextContent('This row is not in Due at the business date. It is in:');
    expect(screen.getByRole('link', { name: 'Paid' })).toHaveAttribute('href', '/Collections/inst%3Aloan-1%3A2?tab=Paid');
    expect(screen.queryByTestId('collection-page')).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/collections/inst%3Aloan-1%3A2')).toBeDefined();
  });

  it('asks the API for the row through the tab it was opened from', async () => {
    const { dataProvider } = api();
    const asked: string[] = [];
    const collectionRow = dataProvider.collectionRow;
    dataProvider.collectionRow = (id, bucket) => (asked.push(`${id}|${bucket ?? ''}`), collectionRow(id, bucket));
    renderAt('/Collections/inst%3Aloan-1%3A2?tab=Overdue', ['collections.view'], dataProvider);
    expect(await screen.findByTestId('collection-page')).toBeInTheDocument();
    expect(asked[0]).toBe('inst:loan-1:2|Overdue');
  });
});
