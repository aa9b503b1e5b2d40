import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmiQuote, KeyFactStatement, ScheduleLine } from './api';
import { InstalmentTable, LedgerTable, ScheduleTable, type TableParts } from './loan-tables';
import type { Instalment, LedgerLine } from './servicing';

/** Plain parts that show what the tables hand them: the heading a cell carries, notes in brackets, the status code. */
const PARTS: TableParts = {
  Table: ({ caption, testId, children }) => (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      {children}
    </table>
  ),
  Head: ({ children }) => <thead>{children}</thead>,
  Body: ({ children }) => <tbody>{children}</tbody>,
  Foot: ({ children }) => <tfoot>{children}</tfoot>,
  Row: ({ data, children }) => <tr {...data}>{children}</tr>,
  HeaderCell: ({ numeric, children }) => <th data-numeric={numeric}>{children}</th>,
  Cell: ({ header, numeric, nowrap, colSpan, children }) => (
    <td data-label={header} data-numeric={numeric} data-nowrap={nowrap} colSpan={colSpan}>
      {children}
    </td>
  ),
  Note: ({ code, children }) => <small data-code={code}> [{children}]</small>,
  Status: ({ status, label }) => <b data-status={status}>{label}</b>,
};

const headings = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((td) => td.textContent);
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

const instalment = (n: number, over: Partial<Instalment> = {}): Instalment => ({
  number: n,
  closedOut: null,
  dueDate: `2026-12-2${n}`,
  principal: 766_800,
  interest: 150_000,
  fees: 0,
  penalties: 0,
  paidPrincipal: 0,
  paidInterest: 0,
  paidFees: 0,
  paidPenalties: 0,
  paidOn: null,
  status: 'upcoming',
  ...over,
});

describe('InstalmentTable', () => {
  const lines = [
    instalment(1, {
      fees: 200_000,
      paidPrincipal: 766_800,
      paidInterest: 150_000,
      paidFees: 200_000,
      paidOn: '2026-12-02',
      status: 'paid',
    }),
    instalment(2, { paidInterest: 83_200, status: 'partial' }),
  ];

  it("shows the borrower's five columns: amount, paid and status with the day it was paid off", () => {
    render(<InstalmentTable parts={PARTS} caption="2 instalments" lines={lines} currency="INR" />);
    expect(screen.getByRole('table', { name: '2 instalments' })).toHaveAttribute('data-testid', 'instalments');
    expect(headings()).toEqual(['#', 'Due on', 'Amount', 'Paid', 'Status']);
    const [first, second] = bodyRows();
    expect(cells(first!)).toEqual(['1', '21 Dec 2026', '₹11,168.00', '₹11,168.00', 'Paid [2 Dec 2026]']);
    expect(cells(second!)).toEqual(['2', '22 Dec 2026', '₹9,168.00', '₹832.00', 'Part paid']);
    expect(first).toHaveAttribute('data-status', 'paid');
    expect(first).toHaveAttribute('data-testid', 'instalment-1');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.dataset.label),
    ).toEqual(['#', 'Due on', 'Amount', 'Paid', 'Status']);
  });

  it('an instalment a close-out took off the books says how, never "Paid"', () => {
    const closed = [
      instalment(1, { status: 'closed', closedOut: 'writeOff', paidOn: '2026-12-30' }),
      instalment(2, { status: 'closed', closedOut: 'settlement', paidOn: '2026-12-30' }),
      instalment(3, { status: 'closed', closedOut: 'coolingOffExit', paidOn: '2026-12-30' }),
    ];
    render(<InstalmentTable parts={PARTS} caption="closed out" lines={closed} currency="INR" />);
    expect(bodyRows().map((row) => cells(row)[4])).toEqual([
      'Written off [30 Dec 2026]',
      'Settled [30 Dec 2026]',
      'Cancelled [30 Dec 2026]',
    ]);
  });

  it('with split, each component with what was paid of it, under the headings the screen names', () => {
    render(
      <InstalmentTable
        parts={PARTS}
        caption="Instalments"
        lines={lines}
        currency="INR"
        split
        headers={{ dueDate: 'Due', total: 'Total' }}
      />,
    );
    expect(headings()).toEqual(['#', 'Due', 'Total', 'Paid', 'Status', 'Principal', 'Interest', 'Fees', 'Penalties']);
    expect(cells(bodyRows()[1]!).slice(5)).toEqual(['₹7,668.00', '₹1,500.00 [paid ₹832.00]', '₹0.00', '₹0.00']);
    expect(screen.getAllByRole('columnheader').map((th) => th.dataset.numeric)).toEqual([
      'false',
      'false',
      'true',
      'true',
      'false',
      'true',
      'true',
      'true',
      'true',
    ]);
  });
});

describe('ScheduleTable', () => {
  const loanLines: ScheduleLine[] = [
    { number: 1, dueDate: '2026-12-21', principal: 766_800, interest: 150_000, balance: 9_233_200 },
    { number: 2, dueDate: '2027-01-21', principal: 778_302, interest: 138_498, balance: 8_454_898 },
  ];

  it('in the columns and order the screen names, with totals of the figures that add up', () => {
    render(
      <ScheduleTable
        parts={PARTS}
        caption="Repayment schedule"
        lines={loanLines}
        currency="INR"
        columns={['number', 'dueDate', 'principal', 'interest', 'instalment', 'balance']}
        headers={{ dueDate: 'Due', balance: 'Balance' }}
        totals
      />,
    );
    expect(headings()).toEqual(['#', 'Due', 'Principal', 'Interest', 'Instalment', 'Balance']);
    expect(cells(bodyRows()[0]!)).toEqual(['1', '21 Dec 2026', '₹7,668.00', '₹1,500.00', '₹9,168.00', '₹92,332.00']);
    const total = within(screen.getAllByRole('rowgroup')[2]!).getByRole('row');
    expect(cells(total)).toEqual(['Total', '₹15,451.02', '₹2,884.98', '₹18,336.00', '']);
    expect(within(total).getByRole('cell', { name: 'Total' })).toHaveAttribute('colspan', '2');
  });

  it("the calculator's lines have no date; the KFS states each instalment's amount with its fee", () => {
    const quote: EmiQuote['schedule'] = [{ number: 1, principal: 766_800, interest: 150_000, balance: 9_233_200 }];
    const { unmount } = render(
      <ScheduleTable
        parts={PARTS}
        caption="Quote"
        lines={quote}
        currency="INR"
        columns={['number', 'instalment', 'principal', 'interest', 'balance']}
      />,
    );
    expect(headings()).toEqual(['#', 'Instalment', 'Principal', 'Interest', 'Balance after']);
    expect(cells(bodyRows()[0]!)).toEqual(['1', '₹9,168.00', '₹7,668.00', '₹1,500.00', '₹92,332.00']);
    expect(screen.getAllByRole('rowgroup')).toHaveLength(2);
    unmount();

    const kfs: KeyFactStatement['schedule'] = [
      { number: 1, dueDate: '2026-12-21', amount: 1_116_800, principal: 766_800, interest: 150_000, fee: 200_000, balance: 9_233_200 },
    ];
    render(
      <ScheduleTable
        parts={PARTS}
        caption="Repayment schedule"
        lines={kfs}
        currency="INR"
        columns={['number', 'instalment', 'principal', 'interest', 'fee', 'balance']}
      />,
    );
    expect(headings()).toEqual(['#', 'Instalment', 'Principal', 'Interest', 'Fee', 'Balance after']);
    expect(cells(bodyRows()[0]!)).toEqual(['1', '₹11,168.00', '₹7,668.00', '₹1,500.00', '₹2,000.00', '₹92,332.00']);
  });
});

describe('LedgerTable', () => {
  it("every movement with its split and the balance after; a payment's reference under its type", () => {
    const lines: LedgerLine[] = [
      {
        id: 'd1',
        type: 'disbursement',
        date: '2026-11-21',
        amount: 10_000_000,
        principal: 10_000_000,
        interest: 0,
        fees: 0,
        penalties: 0,
        balanceAfter: 10_000_000,
        paymentId: null,
      },
      {
        id: 'r1',
        type: 'repayment',
        date: '2026-12-02',
        amount: 1_200_000,
        principal: 766_800,
        interest: 233_200,
        fees: 200_000,
        penalties: 0,
        balanceAfter: 9_233_200,
        paymentId: 'f85eaf88-0000-4000-8000-000000000000',
      },
    ];
    render(<LedgerTable parts={PARTS} caption="Ledger" lines={lines} currency="INR" />);
    expect(screen.getByRole('table', { name: 'Ledger' })).toHaveAttribute('data-testid', 'ledger');
    expect(headings()).toEqual(['Date', 'Type', 'Amount', 'Principal', 'Interest', 'Fees', 'Penalties', 'Balance after']);
    expect(cells(bodyRows()[0]!)).toEqual([
      '21 Nov 2026',
      'Disbursement',
      '₹1,00,000.00',
      '₹1,00,000.00',
      '₹0.00',
      '₹0.00',
      '₹0.00',
      '₹1,00,000.00',
    ]);
    expect(cells(bodyRows()[1]!).slice(0, 3)).toEqual(['2 Dec 2026', 'Repayment [f85eaf88]', '₹12,000.00']);
    expect(screen.getByText('[f85eaf88]', { exact: false })).toHaveAttribute('data-code', 'true');
  });
});
