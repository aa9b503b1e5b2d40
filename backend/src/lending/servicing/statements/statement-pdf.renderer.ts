import PDFDocument from 'pdfkit';
import { formatDate, formatMoneyCode } from '../../../platform/format/format.js';
import type { Instalment } from '../../loan/domain/schedule/servicing.types.js';
import { collect, COLOR, FONT, MARGINS, PdfLayout, pdfText, type Align } from '../../../platform/pdf/pdf-layout.js';

export type StatementLine = {
  type: string;
  date: string;
  amount: number;
  principal: number;
  interest: number;
  fees: number;
  penalties: number;
  balanceAfter: number;
};

/** An instalment as the statement shows it, its status on the statement's date. */
export type StatementInstalment = Pick<
  Instalment,
  'number' | 'dueDate' | 'principal' | 'interest' | 'fees' | 'penalties' | 'paidPrincipal' | 'paidInterest' | 'paidFees' | 'paidPenalties'
> & {
  status: string;
  /** Set when a close-out took what was owed on it off the books (Instalment['closedOut']). */
  closedOut?: string | null;
};

export type StatementPdfInput = {
  loanId: string;
  lender: { name: string; address: string };
  borrower: { name: string; email: string };
  currency: string;
  /** YYYY-MM-DD: the business date the statement is made on; also the PDF's creation date (deterministic output). */
  asOf: string;
  outstanding: { principal: number; interest: number; fees: number; penalties: number; total: number } | null;
  creditBalance: number;
  lines: StatementLine[];
  instalments: StatementInstalment[];
};

const COLUMNS: Column<StatementLine>[] = [
  { title: 'Date', width: 62, align: 'left', value: (l) => formatDate(l.date) },
  { title: 'Type', width: 68, align: 'left', value: (l) => l.type },
  { title: 'Amount', width: 70, align: 'right', value: (l, c) => formatMoneyCode(l.amount, c) },
  { title: 'Principal', width: 62, align: 'right', value: (l, c) => formatMoneyCode(l.principal, c) },
  { title: 'Interest', width: 55, align: 'right', value: (l, c) => formatMoneyCode(l.interest, c) },
  { title: 'Fees', width: 50, align: 'right', value: (l, c) => formatMoneyCode(l.fees, c) },
  { title: 'Penalties', width: 50, align: 'right', value: (l, c) => formatMoneyCode(l.penalties, c) },
  { title: 'Balance', width: 78, align: 'right', value: (l, c) => formatMoneyCode(l.balanceAfter, c) },
];

type Column<Row> = { title: string; width: number; align: Align; value: (row: Row, currency: string) => string };

const owedOf = (i: StatementInstalment) => i.principal + i.interest + i.fees + i.penalties;
const paidOf = (i: StatementInstalment) => i.paidPrincipal + i.paidInterest + i.paidFees + i.paidPenalties;

/** Status words as both apps show them (packages/web-common INSTALMENT_STATUS_LABELS). */
const STATUS_LABELS: Record<string, string> = {
  upcoming: 'Upcoming',
  due: 'Due',
  partial: 'Part paid',
  overdue: 'Overdue',
  paid: 'Paid',
  closed: 'Closed',
};
/** How a close-out names an instalment it took off the books (web-common CLOSED_OUT_LABELS). */
const CLOSED_OUT_LABELS: Record<string, string> = { settlement: 'Settled', writeOff: 'Written off', coolingOffExit: 'Cancelled' };

const SCHEDULE_COLUMNS: Column<StatementInstalment>[] = [
  { title: 'No.', width: 30, align: 'left', value: (i) => String(i.number) },
  { title: 'Due date', width: 70, align: 'left', value: (i) => formatDate(i.dueDate) },
  { title: 'Instalment', width: 90, align: 'right', value: (i, c) => formatMoneyCode(owedOf(i), c) },
  { title: 'Paid', width: 90, align: 'right', value: (i, c) => formatMoneyCode(paidOf(i), c) },
  { title: 'Still owed', width: 90, align: 'right', value: (i, c) => formatMoneyCode(i.closedOut ? 0 : owedOf(i) - paidOf(i), c) },
  {
    title: 'Status',
    width: 125,
    align: 'left',
    value: (i) => (i.closedOut ? CLOSED_OUT_LABELS[i.closedOut] : undefined) ?? STATUS_LABELS[i.status] ?? i.status,
  },
];

/** The loan statement: its ledger as a table, what is outstanding and any credit balance held. */
export async function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  const made = new Date(`${input.asOf}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGINS },
    bufferPages: true,
    autoFirstPage: true,
    font: FONT.regular,
    info: {
      Title: pdfText(`Loan statement ${input.loanId}`),
      Author: pdfText(input.lender.name),
      Creator: 'Lending backend statement renderer',
      Producer: 'PDFKit',
      CreationDate: made,
      ModDate: made,
    },
  });
  const bytes = collect(doc);
  new StatementLayout(doc).render(input);
  doc.end();
  return bytes;
}

class StatementLayout extends PdfLayout {
  render(input: StatementPdfInput): void {
    const { currency } = input;
    this.font(FONT.bold, 16, COLOR.accent);
    this.doc.text('Loan statement', this.left, this.doc.y, { width: this.width });
    this.paragraph(pdfText(`${input.lender.name}, ${input.lender.address}`), { color: COLOR.muted, size: 9 });
    this.paragraph(pdfText(`Loan ${input.loanId} · ${input.borrower.name} (${input.borrower.email}) · as of ${formatDate(input.asOf)}`));
    this.sectionHeading('Outstanding', 40);
    const o = input.outstanding;
    this.paragraph(
      o
        ? `Principal ${formatMoneyCode(o.principal, currency)} · Interest ${formatMoneyCode(o.interest, currency)} · Fees ${formatMoneyCode(o.fees, currency)} · Penalties ${formatMoneyCode(o.penalties, currency)} · Total ${formatMoneyCode(o.total, currency)}`
        : 'The loan has not been disbursed.',
      { font: FONT.bold },
    );
    if (input.creditBalance !== 0) this.paragraph(`Credit balance held: ${formatMoneyCode(input.creditBalance, currency)}`);
    if (input.instalments.length > 0) {
      this.sectionHeading(`Repayment schedule (status on ${input.asOf})`, 40);
      this.table(SCHEDULE_COLUMNS, input.instalments, currency);
    }
    this.sectionHeading('Transactions', 40);
    this.table(COLUMNS, input.lines, currency);
  }

  private table<Row>(columns: Column<Row>[], rows: Row[], currency: string): void {
    this.row(
      columns,
      columns.map((c) => c.title),
      true,
    );
    rows.forEach((row, index) =>
      this.row(
        columns,
        columns.map((c) => pdfText(c.value(row, currency))),
        false,
        index % 2 === 1,
      ),
    );
  }

  private row<Row>(columns: Column<Row>[], cells: string[], header: boolean, zebra = false): void {
    const height = 16;
    if (this.ensureSpace(height) && !header)
      this.row(
        columns,
        columns.map((c) => c.title),
        true,
      );
    const y = this.doc.y;
    if (header) this.fillRect(this.left, y, this.width, height, COLOR.headerFill);
    else if (zebra) this.fillRect(this.left, y, this.width, height, COLOR.zebra);
    this.font(header ? FONT.bold : FONT.regular, 8);
    let x = this.left + 2;
    columns.forEach((column, i) => {
      this.boxText(cells[i]!, x, y + 4, column.width - 4, height - 4, column.align);
      x += column.width;
    });
    this.doc.x = this.left;
    this.doc.y = y + height;
  }
}
