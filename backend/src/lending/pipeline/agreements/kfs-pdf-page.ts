import { formatMoneyCode } from '../../../platform/format/format.js';
import { formatBasisPoints } from '../domain/kfs/annual-percentage-rate.js';
import type { KeyFactStatement } from '../domain/kfs/key-fact-statement.js';
import { COLOR, FONT, MARGINS, PdfLayout, pdfText } from '../../../platform/pdf/pdf-layout.js';

const RATE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4, useGrouping: false });

/**
 * The Key Facts Statement as the agreement's first page (RBI/2024-25/18, Annex A: Part 1, interest rate and
 * fees/charges; Part 2, other qualitative information). Compact on purpose: it must fit one A4 page, so the repayment
 * schedule (Annex C) is the agreement's own "Repayment schedule" section, which it points to.
 */
export class KfsPdfPage extends PdfLayout {
  private readonly money: (minor: number) => string;

  constructor(
    doc: PDFKit.PDFDocument,
    private readonly kfs: KeyFactStatement,
    private readonly lenderName: string,
  ) {
    super(doc);
    this.money = (minor) => formatMoneyCode(minor, kfs.currency);
  }

  render(date: string): void {
    const { kfs, money } = this;
    this.font(FONT.bold, 10, COLOR.accent);
    this.boxText(pdfText(this.lenderName), this.left, MARGINS.top, this.width, 13);
    this.font(FONT.bold, 16);
    this.boxText('Key Facts Statement', this.left, MARGINS.top + 16, this.width, 20);
    this.font(FONT.regular, 9, COLOR.muted);
    this.boxText(`Loan No.: ${pdfText(kfs.loanId)}`, this.left, MARGINS.top + 38, this.width / 2 + 60, 12);
    this.boxText(`Date: ${date}`, this.left + this.width / 2 + 60, MARGINS.top + 38, this.width / 2 - 60, 12, 'right');
    this.rule(MARGINS.top + 53, COLOR.accent, 1.2);
    this.doc.x = this.left;
    this.doc.y = MARGINS.top + 58;

    const fees =
      kfs.fees.length === 0
        ? 'None'
        : kfs.fees.map((f) => `${f.name}: ${money(f.amount)}, ${f.recurrence}, payable to the ${f.payableTo}, ${f.collected}`).join('; ');
    this.heading('Part 1 (Interest rate and fees/charges)');
    this.rows([
      ['Loan type', kfs.loanType === 'EMI' ? 'Personal loan (EMI)' : 'Salary advance'],
      ['Sanctioned loan amount', money(kfs.sanctionedAmount)],
      ['Disbursal schedule', kfs.disbursal],
      ['Loan term', `${kfs.tenureMonths} month${kfs.tenureMonths === 1 ? '' : 's'}`],
      [
        'Instalments',
        `${kfs.instalments.type}: ${kfs.instalments.count} of ${money(kfs.instalments.amount)}, commencing ${kfs.instalments.commencement}`,
      ],
      ['Interest rate and type', `${RATE.format(kfs.interestRate.annualRatePercent)}% per annum, ${kfs.interestRate.type}`],
      ['Fees and charges', fees],
      ['Net disbursed amount', money(kfs.netDisbursedAmount)],
      ['Total interest', money(kfs.totalInterest)],
      ['Total amount to be paid', money(kfs.totalPayable)],
      [
        'Annual Percentage Rate (APR)',
        `${formatBasisPoints(kfs.aprBasisPoints)}% per annum (interest and every fee, on the net disbursed amount)`,
        true,
      ],
      ...kfs.contingentCharges.map((c): [string, string] => [c.name, c.value]),
    ]);
    this.heading('Part 2 (Other qualitative information)');
    const g = kfs.grievanceOfficer;
    this.rows([
      ...kfs.qualitative.map((q): [string, string] => [q.name, q.value]),
      ['Grievance redressal officer', `${pdfText(g.name)}, ${pdfText(g.phone)}, ${pdfText(g.email)}, ${pdfText(g.address)}`],
    ]);
    this.doc.y += 4;
    this.paragraph(
      'The repayment schedule (Annex C) is the "Repayment schedule" section of the agreement that follows; the fee is owed with instalment 1. ' +
        'Charges not in this statement cannot be charged without your explicit consent.',
      { size: 8, color: COLOR.muted },
    );
  }

  private heading(text: string): void {
    this.doc.y += 4;
    this.font(FONT.bold, 10.5, COLOR.accent);
    this.boxText(text, this.left, this.doc.y, this.width, 13);
    this.doc.y += 15;
  }

  private rows(rows: [string, string, boolean?][]): void {
    const labelW = 170;
    const valueW = this.width - labelW;
    const pad = 3.5;
    rows.forEach(([label, value, strong], i) => {
      this.font(FONT.bold, 8.5);
      const lh = this.measure(label, labelW - 2 * pad);
      this.font(strong ? FONT.bold : FONT.regular, 8.5);
      const vh = this.measure(value, valueW - 2 * pad);
      const rowH = Math.max(lh, vh) + 2 * pad;
      const y = this.doc.y;
      this.fillRect(this.left, y, labelW, rowH, i % 2 === 0 ? COLOR.headerFill : COLOR.zebra);
      this.strokeRect(this.left, y, this.width, rowH);
      this.font(FONT.bold, 8.5);
      this.boxText(label, this.left + pad, y + pad, labelW - 2 * pad, lh);
      this.font(strong ? FONT.bold : FONT.regular, 8.5);
      this.boxText(value, this.left + labelW + pad, y + pad, valueW - 2 * pad, vh);
      this.doc.x = this.left;
      this.doc.y = y + rowH;
    });
  }
}
