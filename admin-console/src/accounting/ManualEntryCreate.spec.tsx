import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { ManualEntryCreate } from './ManualEntryCreate';

const ACCOUNTS = [
  { id: '1000', code: '1000', name: 'Assets', type: 'asset', parentCode: null, active: true, description: '' },
  { id: '1010', code: '1010', name: 'Bank: fund source', type: 'asset', parentCode: '1000', active: true, description: '' },
  { id: '3000', code: '3000', name: 'Equity', type: 'equity', parentCode: null, active: true, description: '' },
  { id: '3100', code: '3100', name: 'Share capital', type: 'equity', parentCode: '3000', active: true, description: '' },
];

describe('ManualEntryCreate', () => {
  it('totals the lines as they are typed, keeps Propose off until they balance, and sends paise', async () => {
    const api = fakeApi({
      'POST /api/admin/accounting/manual-entries': (body) => ({ id: 'e1', ...(body as object), status: 'proposed' }),
    });
    const { calls } = api;
    // The chart as a list (the fake API sends no Content-Range).
    const dataProvider = {
      ...api.dataProvider,
      getList: (async (resource: string, params: never) =>
        resource === 'Accounts' ? { data: ACCOUNTS, total: ACCOUNTS.length } : api.dataProvider.getList(resource, params)) as never,
    };
    renderWithAdmin(
      <ResourceContextProvider value="ManualEntries">
        <ManualEntryCreate />
      </ResourceContextProvider>,
      { dataProvider, authProvider: fakeAuth(['accounting.view', 'accounting.post']) },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Narration/), 'Share capital paid in');
    await user.type(screen.getByLabelText(/^Date/), '2026-12-01');
    const debits = screen.getAllByLabelText('Debit (₹)');
    const credits = screen.getAllByLabelText('Credit (₹)');
    const accounts = screen.getAllByLabelText('Account');
    await user.click(accounts[0]);
    await user.click(await screen.findByRole('option', { name: '1010 Bank: fund source' }));
    await user.click(accounts[1]);
    // Headings take no postings: not offered.
    expect(screen.queryByRole('option', { name: '3000 Equity' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: '3100 Share capital' }));
    await user.type(debits[0], '5000');
    await user.type(credits[1], '4000');
    expect(screen.getByTestId('manual-entry-totals')).toHaveTextContent(/Debits ₹5,000\.00 · Credits ₹4,000\.00 · difference ₹1,000\.00/);
    expect(screen.getByRole('button', { name: 'Propose' })).toBeDisabled();
    await user.clear(credits[1]);
    await user.type(credits[1], '5000');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Propose' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-12-01',
      narration: 'Share capital paid in',
      lines: [
        { accountCode: '1010', debit: 500_000, credit: 0 },
        { accountCode: '3100', debit: 0, credit: 500_000 },
      ],
    });
    expect(within(document.body).queryByText(/no route/)).not.toBeInTheDocument();
  }, 30_000);
});
