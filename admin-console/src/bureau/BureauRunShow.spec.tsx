import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { BureauRun } from '@lending/web-common/api';
import { fakeApi, fakeAuth, renderWithAdmin } from '../test/renderWithAdmin';
import { BureauRunDetail } from './BureauRunShow';
import { GenerateBureauFile } from './GenerateBureauFile';

const run: BureauRun = {
  id: 'run-1',
  month: '2026-11',
  asOf: '2026-11-30',
  generatedAt: '2026-12-01T04:30:00.000Z',
  generatedBy: { id: 'staff-1', name: 'Priya Staff' },
  loansConsidered: 2,
  recordsReported: 1,
  recordsRejected: 1,
  fileName: 'tudf-2026-11.txt',
  fileSha256: 'ab'.repeat(32),
};

describe('a bureau run (console)', () => {
  it('shows the counts, the downloads, and each record left out with what to fix, linked to the customer and the loan', async () => {
    const { dataProvider } = fakeApi({
      'GET /api/admin/bureau-runs/run-1/report': () => ({
        month: '2026-11',
        rejected: [
          {
            loanId: 'b7c9e2aa-0000-4000-8000-000000000002',
            loanType: 'EMI',
            borrowerId: 'borrower-2',
            borrowerName: 'Ravi Kumar',
            problems: [
              { field: 'pan', reason: 'missing' },
              { field: 'address.pinCode', reason: 'must be 6 digits, not starting with 0' },
            ],
          },
        ],
      }),
    });
    renderWithAdmin(
      <ResourceContextProvider value="BureauRuns">
        <RecordContextProvider value={run}>
          <BureauRunDetail />
        </RecordContextProvider>
      </ResourceContextProvider>,
      { dataProvider, authProvider: fakeAuth(['bureau.report']) },
    );
    expect(screen.getByTestId('bureau-run')).toHaveTextContent('Records in the file1');
    expect(screen.getByRole('button', { name: 'Download file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download report (CSV)' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Records not reported' });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row).getByRole('link', { name: 'Ravi Kumar' })).toHaveAttribute('href', '/Customers/borrower-2');
    expect(within(row).getByRole('link', { name: 'B7C9E2AA' })).toHaveAttribute(
      'href',
      '/Loan/Active/Emi/b7c9e2aa-0000-4000-8000-000000000002',
    );
    expect(row).toHaveTextContent('PAN: missing; PIN code: must be 6 digits, not starting with 0');
  });

  it('says so when every loan the month reports is in the file', async () => {
    const { dataProvider } = fakeApi({ 'GET /api/admin/bureau-runs/run-1/report': () => ({ month: '2026-11', rejected: [] }) });
    renderWithAdmin(
      <RecordContextProvider value={{ ...run, recordsRejected: 0 }}>
        <BureauRunDetail />
      </RecordContextProvider>,
      { dataProvider, authProvider: fakeAuth(['bureau.report']) },
    );
    expect(await screen.findByText('Every loan the month reports is in the file.')).toBeInTheDocument();
  });
});

describe('generate for month', () => {
  it('offers the month before the business date and sends it', async () => {
    const { dataProvider, calls } = fakeApi({
      'GET /api/admin/business-date': () => ({ date: '2026-12-01', mode: 'automatic', timeZone: 'Asia/Kolkata' }),
      'POST /api/admin/bureau-runs': (body) => ({ ...run, ...(body as object) }),
    });
    renderWithAdmin(<GenerateBureauFile />, { dataProvider, authProvider: fakeAuth(['bureau.report']) });
    await waitFor(() => expect(screen.getByLabelText('Month')).toHaveValue('2026-11'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Generate for month' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/admin/bureau-runs', body: { month: '2026-11' } });
  });
});
