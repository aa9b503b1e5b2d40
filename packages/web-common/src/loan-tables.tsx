/**
 * The loan's tables, drawn once for both apps: the instalments as servicing left them, the repayment schedule and the
 * money ledger. What a table shows is decided here (its columns, their headings, each figure's format, the notes
 * under a figure); how it looks is the app's, through the parts it passes: the console's MUI table cells and chips,
 * the portal's plain elements and badges. Nothing here imports either app's framework.
 */
import type { ReactNode } from 'react';
import type { EmiQuote, KeyFactStatement, ScheduleLine } from './api';
import { formatDate, formatMoney } from './format';
import {
  instalmentStatusLabel,
  instalmentTotal,
  LEDGER_TYPE_LABELS,
  paidOn,
  type Instalment,
  type InstalmentStatus,
  type LedgerLine,
} from './servicing';

/** Data attributes a row carries (its test id, an instalment's status), for tests and the app's styles. */
export type RowData = Record<`data-${string}`, string>;

/** The elements a table is drawn with. Each app passes one set, defined once at module level. */
export type TableParts = {
  /** The table with its caption: the caption names it for assistive technology, shown or not as the app prefers. */
  Table(props: { caption: string; testId?: string; children: ReactNode }): ReactNode;
  Head(props: { children: ReactNode }): ReactNode;
  Body(props: { children: ReactNode }): ReactNode;
  Foot(props: { children: ReactNode }): ReactNode;
  Row(props: { data?: RowData; children: ReactNode }): ReactNode;
  /** A column heading (scope col). `numeric` columns are figures, aligned to the right where the app aligns so. */
  HeaderCell(props: { numeric: boolean; children: ReactNode }): ReactNode;
  /** A cell; `header` is its column's heading, for layouts that show it beside the figure (a row as a card). */
  Cell(props: { header: string; numeric: boolean; nowrap: boolean; colSpan?: number; children?: ReactNode }): ReactNode;
  /** Secondary text under or after a figure: what was paid of it, when; `code` for an identifier. */
  Note(props: { code?: boolean; children: ReactNode }): ReactNode;
  /** An instalment's status as the server judged it on the business date, with its label. */
  Status(props: { status: InstalmentStatus; label: string }): ReactNode;
};

type Column<Line> = {
  key: string;
  header: string;
  numeric?: boolean;
  nowrap?: boolean;
  cell(line: Line, parts: TableParts): ReactNode;
  /** The column's figure in the totals row, for the columns that add up. */
  total?(lines: readonly Line[]): ReactNode;
};

type LoanTableProps<Line> = {
  parts: TableParts;
  caption: string;
  testId?: string;
  columns: Column<Line>[];
  lines: readonly Line[];
  rowKey(line: Line): string | number;
  rowData?(line: Line): RowData;
  totals?: boolean;
};

function LoanTable<Line>({ parts, caption, testId, columns, lines, rowKey, rowData, totals }: LoanTableProps<Line>) {
  const { Table, Head, Body, Foot, Row, HeaderCell, Cell } = parts;
  // The totals row names itself across the leading columns that do not add up.
  const labelSpan = columns.findIndex((column) => column.total);
  return (
    <Table caption={caption} testId={testId}>
      <Head>
        <Row>
          {columns.map((column) => (
            <HeaderCell key={column.key} numeric={Boolean(column.numeric)}>
              {column.header}
            </HeaderCell>
          ))}
        </Row>
      </Head>
      <Body>
        {lines.map((line) => (
          <Row key={rowKey(line)} data={rowData?.(line)}>
            {columns.map((column) => (
              <Cell key={column.key} header={column.header} numeric={Boolean(column.numeric)} nowrap={Boolean(column.nowrap)}>
                {column.cell(line, parts)}
              </Cell>
            ))}
          </Row>
        ))}
      </Body>
      {totals && labelSpan > 0 ? (
        <Foot>
          <Row>
            <Cell header="" numeric={false} nowrap={false} colSpan={labelSpan}>
              Total
            </Cell>
            {columns.slice(labelSpan).map((column) => (
              <Cell key={column.key} header={column.header} numeric={Boolean(column.numeric)} nowrap={false}>
                {column.total?.(lines)}
              </Cell>
            ))}
          </Row>
        </Foot>
      ) : null}
    </Table>
  );
}

const sum = <Line,>(lines: readonly Line[], figure: (line: Line) => number) => lines.reduce((total, line) => total + figure(line), 0);

// Instalments -------------------------------------------------------------------------------------------------------

export type InstalmentColumn = 'number' | 'dueDate' | 'total' | 'paid' | 'status' | 'principal' | 'interest' | 'fees' | 'penalties';

const INSTALMENT_HEADERS: Record<InstalmentColumn, string> = {
  number: '#',
  dueDate: 'Due on',
  total: 'Amount',
  paid: 'Paid',
  status: 'Status',
  principal: 'Principal',
  interest: 'Interest',
  fees: 'Fees',
  penalties: 'Penalties',
};

/**
 * The instalments as servicing left them: each one's amount, what was paid on it and its status on the business date
 * (with the day it was paid off); with `split`, each component too, with what was paid of it underneath.
 */
export function InstalmentTable({
  parts,
  caption,
  lines,
  currency,
  split = false,
  headers,
}: {
  parts: TableParts;
  caption: string;
  lines: readonly Instalment[];
  currency: string;
  split?: boolean;
  /** Headings other than the borrower's wording (the console's "Due", "Total"). */
  headers?: Partial<Record<InstalmentColumn, string>>;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const header = (key: InstalmentColumn) => headers?.[key] ?? INSTALMENT_HEADERS[key];
  const part = (key: 'principal' | 'interest' | 'fees' | 'penalties', paid: (line: Instalment) => number): Column<Instalment> => ({
    key,
    header: header(key),
    numeric: true,
    cell: (line, { Note }) => (
      <>
        {money(line[key])}
        {paid(line) > 0 ? <Note>paid {money(paid(line))}</Note> : null}
      </>
    ),
  });
  const columns: Column<Instalment>[] = [
    { key: 'number', header: header('number'), cell: (line) => line.number },
    { key: 'dueDate', header: header('dueDate'), nowrap: true, cell: (line) => formatDate(line.dueDate) },
    { key: 'total', header: header('total'), numeric: true, cell: (line) => money(instalmentTotal(line)) },
    { key: 'paid', header: header('paid'), numeric: true, cell: (line) => money(paidOn(line)) },
    {
      key: 'status',
      header: header('status'),
      nowrap: true,
      cell: (line, { Note, Status }) => (
        <>
          <Status status={line.status} label={instalmentStatusLabel(line)} />
          {line.paidOn ? <Note>{formatDate(line.paidOn)}</Note> : null}
        </>
      ),
    },
    ...(split
      ? [
          part('principal', (line) => line.paidPrincipal),
          part('interest', (line) => line.paidInterest),
          part('fees', (line) => line.paidFees),
          part('penalties', (line) => line.paidPenalties),
        ]
      : []),
  ];
  return (
    <LoanTable
      parts={parts}
      caption={caption}
      testId="instalments"
      columns={columns}
      lines={lines}
      rowKey={(line) => line.number}
      rowData={(line) => ({ 'data-testid': `instalment-${line.number}`, 'data-status': line.status })}
    />
  );
}

// Repayment schedule ------------------------------------------------------------------------------------------------

/** A schedule line as the API gives it: a loan's (fixed at disbursal), the EMI calculator's, or the KFS's with its fee. */
export type ScheduleTableLine = ScheduleLine | EmiQuote['schedule'][number] | KeyFactStatement['schedule'][number];

export type ScheduleColumn = 'number' | 'dueDate' | 'instalment' | 'principal' | 'interest' | 'fee' | 'balance';

const SCHEDULE_HEADERS: Record<ScheduleColumn, string> = {
  number: '#',
  dueDate: 'Due on',
  instalment: 'Instalment',
  principal: 'Principal',
  interest: 'Interest',
  fee: 'Fee',
  balance: 'Balance after',
};

/** The instalment's amount: the KFS states it (a fee included); otherwise principal and interest. */
const instalmentAmount = (line: ScheduleTableLine) => ('amount' in line ? line.amount : line.principal + line.interest);

/** A repayment schedule, one row per instalment, in the columns the screen names; `totals` adds up the figures. */
export function ScheduleTable({
  parts,
  caption,
  lines,
  currency,
  columns,
  headers,
  totals = false,
}: {
  parts: TableParts;
  caption: string;
  lines: readonly ScheduleTableLine[];
  currency: string;
  columns: readonly ScheduleColumn[];
  /** Headings other than the borrower's wording (the console's "Due", "Balance"). */
  headers?: Partial<Record<ScheduleColumn, string>>;
  totals?: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const header = (key: ScheduleColumn) => headers?.[key] ?? SCHEDULE_HEADERS[key];
  const figure = (key: ScheduleColumn, value: (line: ScheduleTableLine) => number, addsUp: boolean): Column<ScheduleTableLine> => ({
    key,
    header: header(key),
    numeric: true,
    cell: (line) => money(value(line)),
    total: addsUp ? (all) => money(sum(all, value)) : undefined,
  });
  const catalogue: Record<ScheduleColumn, Column<ScheduleTableLine>> = {
    number: { key: 'number', header: header('number'), cell: (line) => line.number },
    dueDate: {
      key: 'dueDate',
      header: header('dueDate'),
      nowrap: true,
      cell: (line) => ('dueDate' in line ? formatDate(line.dueDate) : ''),
    },
    instalment: figure('instalment', instalmentAmount, true),
    principal: figure('principal', (line) => line.principal, true),
    interest: figure('interest', (line) => line.interest, true),
    fee: figure('fee', (line) => ('fee' in line ? line.fee : 0), true),
    balance: figure('balance', (line) => line.balance, false),
  };
  return (
    <LoanTable
      parts={parts}
      caption={caption}
      columns={columns.map((key) => catalogue[key])}
      lines={lines}
      rowKey={(line) => line.number}
      totals={totals}
    />
  );
}

// Ledger ------------------------------------------------------------------------------------------------------------

/** The loan's money ledger: every movement with its split and the balance after, a payment's reference under its type. */
export function LedgerTable({
  parts,
  caption,
  lines,
  currency,
}: {
  parts: TableParts;
  caption: string;
  lines: readonly LedgerLine[];
  currency: string;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const figure = (key: string, header: string, value: (line: LedgerLine) => number): Column<LedgerLine> => ({
    key,
    header,
    numeric: true,
    cell: (line) => money(value(line)),
  });
  const columns: Column<LedgerLine>[] = [
    { key: 'date', header: 'Date', nowrap: true, cell: (line) => formatDate(line.date) },
    {
      key: 'type',
      header: 'Type',
      cell: (line, { Note }) => (
        <>
          {LEDGER_TYPE_LABELS[line.type] ?? line.type}
          {line.paymentId ? <Note code>{line.paymentId.slice(0, 8)}</Note> : null}
        </>
      ),
    },
    figure('amount', 'Amount', (line) => line.amount),
    figure('principal', 'Principal', (line) => line.principal),
    figure('interest', 'Interest', (line) => line.interest),
    figure('fees', 'Fees', (line) => line.fees),
    figure('penalties', 'Penalties', (line) => line.penalties),
    figure('balanceAfter', 'Balance after', (line) => line.balanceAfter),
  ];
  return (
    <LoanTable
      parts={parts}
      caption={caption}
      testId="ledger"
      columns={columns}
      lines={lines}
      rowKey={(line) => `${line.type}-${line.id}`}
    />
  );
}
