import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { AgreementTerms, LoanType, ScheduleLine } from '../../loan/domain/loan.types.js';
import type { KeyFactStatement } from '../domain/kfs/key-fact-statement.js';
import { formatDate, formatMoneyCode } from '../../../platform/format/format.js';
import {
  agreementClauses,
  BORROWER_SIGNATURE_NOTE,
  LATE_PAYMENT_KEY_FACT,
  LENDER_SIGNATURE_NOTE,
  openingParagraph,
  REDUCING_BALANCE_EXPLANATION,
  scheduleNote,
} from './agreement-legal-text.js';
import { KfsPdfPage } from './kfs-pdf-page.js';
import { collect, COLOR, FONT, MARGINS, PdfLayout, pdfText, type Align } from '../../../platform/pdf/pdf-layout.js';

/**
 * Input for a consumer loan agreement. All money values are integer minor units
 * of `terms.currency` (paise for INR).
 */
export type AgreementPdfInput = {
  loanId: string;
  loanType: LoanType;
  /** ISO time; also used as the PDF's CreationDate/ModDate so output is deterministic. */
  issuedAt: string;
  lender: { name: string; address: string };
  borrower: { name: string; email: string; phone: string };
  terms: AgreementTerms;
  /** Indicative schedule; dueDate may be '' (printed as "month N after disbursal"). */
  schedule: ScheduleLine[];
  /** The Key Facts Statement, printed as page 1 (so the SHA-256 recorded in AgreementIssued covers it). */
  kfs: KeyFactStatement;
};

export type RenderAgreementPdfOptions = {
  /**
   * Deflate content streams. Defaults to true (production output). Tests pass
   * false so the page content can be searched.
   */
  compress?: boolean;
};

/**
 * Renders the loan agreement as a PDF.
 *
 * The output is a pure function of `input` (and of the Node/zlib build, since
 * compressed streams are produced by zlib): pdfkit's only clock/random inputs
 * are `info.CreationDate` (set from `issuedAt`) and the trailer /ID, which
 * pdfkit derives as md5 of the info dictionary. We add a digest of the
 * canonicalised input to the info dictionary so /ID is tied to the content.
 * Encryption (the only other random source in pdfkit) is never enabled.
 */
export async function renderAgreementPdf(input: AgreementPdfInput, options: RenderAgreementPdfOptions = {}): Promise<Buffer> {
  validateInput(input);
  const issuedAt = new Date(input.issuedAt);
  const title = `Loan Agreement ${EM_DASH} ${productName(input.loanType)}`;

  const info: PDFKit.DocumentInfo & { AgreementNumber: string; AgreementInputDigest: string } = {
    Title: pdfText(`${title} (${input.loanId})`),
    Author: pdfText(input.lender.name),
    Subject: pdfText(`Loan agreement ${input.loanId}`),
    Creator: 'Lending backend agreement renderer',
    Producer: 'PDFKit',
    CreationDate: issuedAt,
    ModDate: issuedAt,
    AgreementNumber: pdfText(input.loanId),
    AgreementInputDigest: canonicalInputDigest(input),
  };

  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGINS },
    bufferPages: true,
    compress: options.compress ?? true,
    autoFirstPage: true,
    font: FONT.regular,
    info,
  });
  const bytes = collect(doc);

  new KfsPdfPage(doc, input.kfs, input.lender.name).render(agreementDate(issuedAt));
  doc.addPage();
  const r = new Renderer(doc, input);
  r.render(title, issuedAt);
  doc.end();
  return bytes;
}

/**
 * The Key Facts Statement alone, as its own PDF (sent to the borrower with the signed agreement): the same page the
 * agreement prints first, dated the day the agreement was issued. Deterministic like the agreement.
 */
export async function renderKfsPdf(
  input: Pick<AgreementPdfInput, 'loanId' | 'issuedAt' | 'lender' | 'kfs'>,
  options: RenderAgreementPdfOptions = {},
): Promise<Buffer> {
  const issuedAt = new Date(input.issuedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGINS },
    bufferPages: true,
    compress: options.compress ?? true,
    autoFirstPage: true,
    font: FONT.regular,
    info: {
      Title: pdfText(`Key Facts Statement (${input.loanId})`),
      Author: pdfText(input.lender.name),
      Subject: pdfText(`Key Facts Statement for loan ${input.loanId}`),
      Creator: 'Lending backend agreement renderer',
      Producer: 'PDFKit',
      CreationDate: issuedAt,
      ModDate: issuedAt,
    },
  });
  const bytes = collect(doc);
  new KfsPdfPage(doc, input.kfs, input.lender.name).render(agreementDate(issuedAt));
  doc.end();
  return bytes;
}

const EM_DASH = '\u2014';

const RATE_FORMAT = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
  useGrouping: false,
});

// Agreements are Indian consumer loans (INR, paise): the agreement date is the calendar date in India ("1 Dec 2026",
// the style of every date people read). Asia/Kolkata has no DST, so this is stable.
const AGREEMENT_TIME_ZONE = 'Asia/Kolkata';
const agreementDate = (issuedAt: Date) => formatDate(issuedAt, AGREEMENT_TIME_ZONE);

function productName(loanType: AgreementPdfInput['loanType']): string {
  return loanType === 'EMI' ? 'Personal Loan (EMI)' : 'Salary Advance';
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** SHA-256 over the input fields in a fixed order (independent of caller key order / extra props). */
function canonicalInputDigest(input: AgreementPdfInput): string {
  const t = input.terms;
  const canonical = [
    'agreement-pdf/v2',
    input.loanId,
    input.loanType,
    input.issuedAt,
    [input.lender.name, input.lender.address],
    [input.borrower.name, input.borrower.email, input.borrower.phone],
    [t.principal, t.annualRatePercent, t.tenureMonths, t.fee, t.instalmentAmount, t.totalInterest, t.totalPayable, t.currency],
    input.schedule.map((s) => [s.number, s.dueDate, s.principal, s.interest, s.balance]),
    canonicalJson(input.kfs),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** JSON with object keys sorted, so the digest does not depend on the order a caller built the KFS in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

function validateInput(input: AgreementPdfInput): void {
  const fail = (msg: string): never => {
    throw new RangeError(`renderAgreementPdf: ${msg}`);
  };
  if (!input.loanId?.trim()) fail('loanId is required');
  if (input.loanType !== 'EMI' && input.loanType !== 'salaryAdvance') fail(`unknown loanType ${String(input.loanType)}`);
  if (Number.isNaN(new Date(input.issuedAt).getTime())) fail(`issuedAt is not a valid ISO time: ${input.issuedAt}`);
  const t = input.terms;
  for (const key of ['principal', 'fee', 'instalmentAmount', 'totalInterest', 'totalPayable'] as const) {
    if (!Number.isSafeInteger(t[key]) || t[key] < 0) fail(`terms.${key} must be a non-negative integer (minor units)`);
  }
  if (!Number.isFinite(t.annualRatePercent) || t.annualRatePercent < 0) fail('terms.annualRatePercent must be >= 0');
  if (!Number.isSafeInteger(t.tenureMonths) || t.tenureMonths < 1) fail('terms.tenureMonths must be a positive integer');
  formatMoneyCode(0, t.currency); // validates the currency code
  if (!Array.isArray(input.schedule) || input.schedule.length === 0) fail('schedule must have at least one instalment');
  if (!input.kfs || input.kfs.loanId !== input.loanId) fail('kfs must be the Key Facts Statement of this loan');
  input.schedule.forEach((s, i) => {
    if (!Number.isSafeInteger(s.number)) fail(`schedule[${i}].number must be an integer`);
    for (const key of ['principal', 'interest', 'balance'] as const) {
      if (!Number.isSafeInteger(s[key])) fail(`schedule[${i}].${key} must be an integer (minor units)`);
    }
  });
}

class Renderer extends PdfLayout {
  private readonly money: (minor: number) => string;

  constructor(
    doc: PDFKit.PDFDocument,
    private readonly input: AgreementPdfInput,
  ) {
    super(doc);
    this.money = (minor) => formatMoneyCode(minor, input.terms.currency);
  }

  render(title: string, issuedAt: Date): void {
    const date = agreementDate(issuedAt);
    this.header(title, date);
    this.parties();
    this.keyFacts();
    this.schedule();
    this.terms();
    this.acceptance();
    this.footers();
  }

  // -- sections ------------------------------------------------------------

  private header(title: string, date: string): void {
    const { doc, input } = this;
    this.font(FONT.bold, 10, COLOR.accent);
    this.boxText(pdfText(input.lender.name), this.left, MARGINS.top, this.width, 13);

    this.font(FONT.bold, 18);
    const titleY = MARGINS.top + 18;
    const titleH = this.measure(title, this.width);
    this.boxText(title, this.left, titleY, this.width, titleH);

    const metaY = titleY + titleH + 6;
    this.font(FONT.regular, 10, COLOR.muted);
    this.boxText(`Agreement No.: ${pdfText(input.loanId)}`, this.left, metaY, this.width / 2 + 60, 13);
    this.boxText(`Date: ${date}`, this.left + this.width / 2 + 60, metaY, this.width / 2 - 60, 13, 'right');
    this.rule(metaY + 17, COLOR.accent, 1.2);
    doc.x = this.left;
    doc.y = metaY + 26;

    const lender = pdfText(input.lender.name);
    const borrower = pdfText(input.borrower.name);
    this.paragraph(openingParagraph(date, lender, borrower));
  }

  private parties(): void {
    const { input } = this;
    this.sectionHeading('The parties', 70);
    const gap = 14;
    const colW = (this.width - gap) / 2;
    const pad = 8;
    const inner = colW - 2 * pad;

    const blocks = [
      {
        label: 'Lender',
        name: pdfText(input.lender.name),
        lines: [pdfText(input.lender.address, true)],
      },
      {
        label: 'Borrower',
        name: pdfText(input.borrower.name),
        lines: [`Email: ${pdfText(input.borrower.email)}`, `Mobile: ${pdfText(input.borrower.phone)}`],
      },
    ];

    const heights = blocks.map((b) => {
      this.font(FONT.bold, 10);
      let h = 12 + this.measure(b.name, inner) + 2;
      this.font(FONT.regular, 9.5);
      for (const line of b.lines) h += this.measure(line, inner, 1);
      return h;
    });
    const boxH = Math.max(...heights) + 2 * pad;
    this.ensureSpace(boxH + 4);
    const top = this.doc.y;

    blocks.forEach((b, i) => {
      const x = this.left + i * (colW + gap);
      this.fillRect(x, top, colW, boxH, COLOR.zebra);
      this.strokeRect(x, top, colW, boxH);
      let y = top + pad;
      this.font(FONT.bold, 8, COLOR.muted);
      this.boxText(b.label.toUpperCase(), x + pad, y, inner, 10);
      y += 12;
      this.font(FONT.bold, 10);
      const nameH = this.measure(b.name, inner);
      this.boxText(b.name, x + pad, y, inner, nameH);
      y += nameH + 2;
      this.font(FONT.regular, 9.5);
      for (const line of b.lines) {
        const h = this.measure(line, inner, 1);
        this.boxText(line, x + pad, y, inner, h, 'left', 1);
        y += h;
      }
    });
    this.doc.x = this.left;
    this.doc.y = top + boxH + 6;
  }

  private keyFacts(): void {
    const { input, money } = this;
    const t = input.terms;
    const isEmi = input.loanType === 'EMI';
    const rows: [string, string, boolean?][] = [
      ['Loan amount', money(t.principal), true],
      ['Annual interest rate', `${RATE_FORMAT.format(t.annualRatePercent)}% per annum`],
    ];
    if (isEmi) {
      rows.push(['Interest calculation method', REDUCING_BALANCE_EXPLANATION]);
    }
    rows.push(
      ['Tenure', plural(t.tenureMonths, 'month', 'months')],
      ['Number of instalments', String(input.schedule.length)],
      [isEmi ? 'Processing fee' : 'Flat fee', money(t.fee)],
      [isEmi ? 'Monthly instalment (EMI)' : 'Instalment amount', money(t.instalmentAmount), true],
      ['Total interest', money(t.totalInterest)],
      ['Total amount payable', money(t.totalPayable), true],
      ['Late payment', LATE_PAYMENT_KEY_FACT],
    );

    this.sectionHeading('Key facts', 60);
    const labelW = 190;
    const valueW = this.width - labelW;
    const pad = 5;
    rows.forEach(([label, value, strong], i) => {
      this.font(FONT.bold, 9.5);
      const lh = this.measure(label, labelW - 2 * pad);
      this.font(strong ? FONT.bold : FONT.regular, 9.5);
      const vh = this.measure(value, valueW - 2 * pad, 1);
      const rowH = Math.max(lh, vh) + 2 * pad - 1;
      this.ensureSpace(rowH);
      const y = this.doc.y;
      this.fillRect(this.left, y, labelW, rowH, i % 2 === 0 ? COLOR.headerFill : COLOR.zebra);
      this.strokeRect(this.left, y, this.width, rowH);
      this.font(FONT.bold, 9.5);
      this.boxText(label, this.left + pad, y + pad + 0.5, labelW - 2 * pad, lh);
      this.font(strong ? FONT.bold : FONT.regular, 9.5);
      this.boxText(value, this.left + labelW + pad, y + pad + 0.5, valueW - 2 * pad, vh, 'left', 1);
      this.doc.x = this.left;
      this.doc.y = y + rowH;
    });
    this.doc.y += 6;
  }

  private schedule(): void {
    const { input, money } = this;
    const cols: { title: string; width: number; align: Align }[] = [
      { title: 'No.', width: 42, align: 'center' },
      { title: 'Due date', width: 138, align: 'left' },
      { title: 'Principal', width: 105, align: 'right' },
      { title: 'Interest', width: 105, align: 'right' },
      { title: 'Balance after payment', width: 0, align: 'right' },
    ];
    cols[cols.length - 1]!.width = this.width - cols.slice(0, -1).reduce((s, c) => s + c.width, 0);
    const pad = 6;
    const headerH = 20;
    const rowH = 15;

    const drawHeader = (): void => {
      const y = this.doc.y;
      this.fillRect(this.left, y, this.width, headerH, COLOR.headerFill);
      this.strokeRect(this.left, y, this.width, headerH);
      this.font(FONT.bold, 8.5);
      let x = this.left;
      for (const c of cols) {
        this.boxText(c.title, x + pad, y + 6, c.width - 2 * pad, 11, c.align);
        x += c.width;
      }
      this.doc.y = y + headerH;
    };

    this.sectionHeading('Repayment schedule (indicative)', headerH + 3 * rowH + 30);
    this.paragraph(scheduleNote(pdfText(input.terms.currency.toUpperCase())), { size: 8.5, color: COLOR.muted });
    drawHeader();

    input.schedule.forEach((line, i) => {
      if (this.ensureSpace(rowH)) {
        this.font(FONT.italic, 8.5, COLOR.muted);
        this.boxText('Repayment schedule (continued)', this.left, this.doc.y, this.width, 11);
        this.doc.y += 14;
        drawHeader();
      }
      const y = this.doc.y;
      if (i % 2 === 1) this.fillRect(this.left, y, this.width, rowH, COLOR.zebra);
      const due = line.dueDate.trim() === '' ? `month ${line.number} after disbursal` : pdfText(formatDate(line.dueDate));
      const cells = [String(line.number), due, money(line.principal), money(line.interest), money(line.balance)];
      this.font(FONT.regular, 8.5);
      let x = this.left;
      cols.forEach((c, j) => {
        this.boxText(cells[j]!, x + pad, y + 4, c.width - 2 * pad, 11, c.align);
        x += c.width;
      });
      this.doc.y = y + rowH;
      this.rule(y + rowH, '#d5dae0', 0.4);
    });
    // left/right borders are implied by the header box; close the table with a stronger rule
    this.rule(this.doc.y, COLOR.rule, 0.8);
    this.doc.x = this.left;
    this.doc.y += 8;
  }

  private terms(): void {
    const { input } = this;
    const isEmi = input.loanType === 'EMI';
    const phone = pdfText(input.borrower.phone);
    const email = pdfText(input.borrower.email);
    const clauses = agreementClauses(isEmi, { phone, email });

    this.sectionHeading('Terms and conditions', 50);
    const numW = 18;
    clauses.forEach(([heading, body], i) => {
      this.font(FONT.regular, 9.5);
      // keep the clause heading together with at least its first two lines
      this.ensureSpace(14 + Math.min(this.measure(body, this.width - numW, 1.5), 26));
      const y = this.doc.y;
      this.font(FONT.bold, 10);
      this.boxText(`${i + 1}.`, this.left, y, numW, 12);
      this.boxText(heading, this.left + numW, y, this.width - numW, 12);
      this.doc.y = y + 14;
      this.paragraph(body, { indent: numW, gapAfter: 6 });
    });
  }

  private acceptance(): void {
    const { input } = this;
    const lender = pdfText(input.lender.name);
    const borrower = pdfText(input.borrower.name);
    this.sectionHeading('Signatures', 80);
    const gap = 14;
    const colW = (this.width - gap) / 2;
    const pad = 8;
    const inner = colW - 2 * pad;
    const blocks = [
      {
        label: 'For the Lender',
        name: lender,
        note: LENDER_SIGNATURE_NOTE,
      },
      {
        label: 'Borrower',
        name: borrower,
        note: BORROWER_SIGNATURE_NOTE,
      },
    ];
    const layout = blocks.map((b) => {
      this.font(FONT.bold, 10);
      const nameH = this.measure(b.name, inner);
      this.font(FONT.regular, 9);
      const noteH = this.measure(b.note, inner, 1);
      return { nameH, noteH };
    });
    const boxH = Math.max(...layout.map((l) => 12 + l.nameH + 4 + l.noteH)) + 2 * pad;
    this.ensureSpace(boxH);
    const top = this.doc.y;
    blocks.forEach((b, i) => {
      const x = this.left + i * (colW + gap);
      const { nameH, noteH } = layout[i]!;
      this.strokeRect(x, top, colW, boxH);
      let y = top + pad;
      this.font(FONT.bold, 8, COLOR.muted);
      this.boxText(b.label.toUpperCase(), x + pad, y, inner, 10);
      y += 12;
      this.font(FONT.bold, 10);
      this.boxText(b.name, x + pad, y, inner, nameH);
      y += nameH + 4;
      this.font(FONT.regular, 9, COLOR.muted);
      this.boxText(b.note, x + pad, y, inner, noteH, 'left', 1);
    });
    this.doc.x = this.left;
    this.doc.y = top + boxH + 6;
  }

  private footers(): void {
    const { doc, input } = this;
    const range = doc.bufferedPageRange();
    const total = range.count;
    const id = pdfText(input.loanId);
    for (let i = 0; i < total; i++) {
      doc.switchToPage(range.start + i);
      const y = doc.page.height - MARGINS.bottom + 22;
      this.rule(y - 6, COLOR.rule, 0.5);
      this.font(FONT.regular, 8, COLOR.muted);
      this.boxText(`Loan Agreement No. ${id}`, this.left, y, this.width - 90, 10, 'left');
      this.boxText(`Page ${i + 1} of ${total}`, this.left + this.width - 90, y, 90, 10, 'right');
    }
  }
}
