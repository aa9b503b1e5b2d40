import PDFDocument from 'pdfkit';
import { formatDate } from '../../platform/format/format.js';
import { formatMoney } from '../domain/money.js';
import { collect, COLOR, FONT, MARGINS, PdfLayout, pdfText, type Align } from '../agreements/pdf-layout.js';

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
};

const COLUMNS: { title: string; width: number; align: Align; value: (line: StatementLine, currency: string) => string }[] = [
  { title: 'Date', width: 62, align: 'left', value: (l) => formatDate(l.date) },
  { title: 'Type', width: 68, align: 'left', value: (l) => l.type },
  { title: 'Amount', width: 70, align: 'right', value: (l, c) => formatMoney(l.amount, c) },
  { title: 'Principal', width: 62, align: 'right', value: (l, c) => formatMoney(l.principal, c) },
  { title: 'Interest', width: 55, align: 'right', value: (l, c) => formatMoney(l.interest, c) },
  { title: 'Fees', width: 50, align: 'right', value: (l, c) => formatMoney(l.fees, c) },
  { title: 'Penalties', width: 50, align: 'right', value: (l, c) => formatMoney(l.penalties, c) },
  { title: 'Balance', width: 78, align: 'right', value: (l, c) => formatMoney(l.balanceAfter, c) },
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
    info: { Title: pdfText(`Loan statement ${input.loanId}`), Author: pdfText(input.lender.name), Creator: 'Lending backend statement renderer', Producer: 'PDFKit', CreationDate: made, ModDate: made },
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
        ? `Principal ${formatMoney(o.principal, currency)} · Interest ${formatMoney(o.interest, currency)} · Fees ${formatMoney(o.fees, currency)} · Penalties ${formatMoney(o.penalties, currency)} · Total ${formatMoney(o.total, currency)}`
        : 'The loan has not been disbursed.',
      { font: FONT.bold },
    );
    if (input.creditBalance !== 0) this.paragraph(`Credit balance held: ${formatMoney(input.creditBalance, currency)}`);
    this.sectionHeading('Transactions', 40);
    this.row(COLUMNS.map((c) => c.title), true);
    input.lines.forEach((line, index) => this.row(COLUMNS.map((c) => pdfText(c.value(line, currency))), false, index % 2 === 1));
  }

  private row(cells: string[], header: boolean, zebra = false): void {
    const height = 16;
    if (this.ensureSpace(height) && !header) this.row(COLUMNS.map((c) => c.title), true);
    const y = this.doc.y;
    if (header) this.fillRect(this.left, y, this.width, height, COLOR.headerFill);
    else if (zebra) this.fillRect(this.left, y, this.width, height, COLOR.zebra);
    this.font(header ? FONT.bold : FONT.regular, 8);
    let x = this.left + 2;
    COLUMNS.forEach((column, i) => {
      this.boxText(cells[i]!, x, y + 4, column.width - 4, height - 4, column.align);
      x += column.width;
    });
    this.doc.x = this.left;
    this.doc.y = y + height;
  }
}
