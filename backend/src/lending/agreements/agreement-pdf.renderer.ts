import { createHash } from 'node:crypto';
import PDFDocument from 'pdfkit';
import type { AgreementTerms, LoanType, ScheduleLine } from '../domain/loan.types.js';

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
export async function renderAgreementPdf(
  input: AgreementPdfInput,
  options: RenderAgreementPdfOptions = {},
): Promise<Buffer> {
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

  const r = new Renderer(doc, input);
  r.render(title, issuedAt);
  doc.end();
  return bytes;
}

/**
 * Formats integer minor units as "<CODE> <amount>", e.g. 123456 INR -> "INR 1,234.56".
 * INR uses Indian grouping ("INR 1,23,456.78"); other currencies use en-US grouping.
 * The number of decimals is the currency's ISO 4217 minor-unit exponent as known to
 * Intl (2 for INR/USD, 0 for JPY, 3 for KWD). Negative amounts: "INR -12.50".
 */
export function formatMoney(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) {
    throw new RangeError(`formatMoney: amount must be an integer number of minor units, got ${minor}`);
  }
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) {
    throw new RangeError(`formatMoney: currency must be an ISO 4217 code, got "${currency}"`);
  }
  const digits = currencyDigits(code);
  const abs = BigInt(Math.abs(minor));
  const factor = 10n ** BigInt(digits);
  const whole = groupingFormat(code).format(abs / factor);
  const fraction = digits > 0 ? `.${(abs % factor).toString().padStart(digits, '0')}` : '';
  return `${code} ${minor < 0 ? '-' : ''}${whole}${fraction}`;
}

// ---------------------------------------------------------------------------
// Formatting helpers

const EM_DASH = '\u2014';

const digitsCache = new Map<string, number>();
function currencyDigits(code: string): number {
  let d = digitsCache.get(code);
  if (d === undefined) {
    d = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(code, d);
  }
  return d;
}

const IN_GROUPING = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const US_GROUPING = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
function groupingFormat(code: string): Intl.NumberFormat {
  return code === 'INR' ? IN_GROUPING : US_GROUPING;
}

const RATE_FORMAT = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
  useGrouping: false,
});

// Agreements are Indian consumer loans (INR, paise): the agreement date is the
// calendar date in India. Asia/Kolkata has no DST, so this is stable.
const AGREEMENT_TIME_ZONE = 'Asia/Kolkata';
const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: AGREEMENT_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function productName(loanType: AgreementPdfInput['loanType']): string {
  return loanType === 'EMI' ? 'Personal Loan (EMI)' : 'Salary Advance';
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

// Characters pdfkit's standard (AFM, WinAnsiEncoding) fonts can encode beyond Latin-1.
const WIN_ANSI_EXTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/**
 * Makes arbitrary user text safe for the standard Helvetica fonts. pdfkit writes
 * unencodable code points as garbage hex into the content stream, so anything
 * outside WinAnsi is replaced with "?" (non-Latin scripts need an embedded
 * Unicode font, which this renderer deliberately does not ship).
 */
function pdfText(value: string, allowNewlines = false): string {
  let out = '';
  for (const ch of value.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' && allowNewlines) out += '\n';
    else if (ch === '\r') continue;
    else if (cp < 0x20 || cp === 0x7f) out += ' ';
    else if (cp >= 0x80 && cp <= 0x9f) out += '?';
    else if (cp <= 0xff || WIN_ANSI_EXTRA.has(cp)) out += ch;
    else if (cp === 0x2010 || cp === 0x2011 || cp === 0x2212) out += '-';
    else if (cp === 0x20b9) out += 'INR ';
    else if (cp === 0x200b || cp === 0xfeff || /\p{M}/u.test(ch)) continue; // lone combining marks
    else if (cp === 0x2007 || cp === 0x2009 || cp === 0x202f || cp === 0x2002 || cp === 0x2003) out += ' ';
    else out += stripDiacritics(ch);
  }
  return out.replace(/[ \t]+/g, ' ').trim();
}

/** "ṣ" -> "s", "ā" -> "a" (common in romanised Indian names); anything else unencodable -> "?". */
function stripDiacritics(ch: string): string {
  const base = ch.normalize('NFD').replace(/\p{M}+/gu, '');
  return base.length > 0 && [...base].every((c) => c.codePointAt(0)! < 0x7f) ? base : '?';
}

/** SHA-256 over the input fields in a fixed order (independent of caller key order / extra props). */
function canonicalInputDigest(input: AgreementPdfInput): string {
  const t = input.terms;
  const canonical = [
    'agreement-pdf/v1',
    input.loanId,
    input.loanType,
    input.issuedAt,
    [input.lender.name, input.lender.address],
    [input.borrower.name, input.borrower.email, input.borrower.phone],
    [t.principal, t.annualRatePercent, t.tenureMonths, t.fee, t.instalmentAmount, t.totalInterest, t.totalPayable, t.currency],
    input.schedule.map((s) => [s.number, s.dueDate, s.principal, s.interest, s.balance]),
  ];
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
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
  formatMoney(0, t.currency); // validates the currency code
  if (!Array.isArray(input.schedule) || input.schedule.length === 0) fail('schedule must have at least one instalment');
  input.schedule.forEach((s, i) => {
    if (!Number.isSafeInteger(s.number)) fail(`schedule[${i}].number must be an integer`);
    for (const key of ['principal', 'interest', 'balance'] as const) {
      if (!Number.isSafeInteger(s[key])) fail(`schedule[${i}].${key} must be an integer (minor units)`);
    }
  });
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

// ---------------------------------------------------------------------------
// Layout

const MARGINS = { top: 54, bottom: 64, left: 50, right: 50 } as const;
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
const COLOR = {
  text: '#111111',
  muted: '#555555',
  accent: '#1f3a5f',
  rule: '#9aa3ad',
  headerFill: '#e3e8ef',
  zebra: '#f4f6f8',
} as const;

type Align = 'left' | 'right' | 'center';

class Renderer {
  private readonly left: number;
  private readonly width: number;
  private readonly money: (minor: number) => string;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: AgreementPdfInput,
  ) {
    this.left = MARGINS.left;
    this.width = doc.page.width - MARGINS.left - MARGINS.right;
    this.money = (minor) => formatMoney(minor, input.terms.currency);
  }

  render(title: string, issuedAt: Date): void {
    const date = DATE_FORMAT.format(issuedAt);
    this.header(title, date);
    this.parties();
    this.keyFacts();
    this.schedule();
    this.terms();
    this.acceptance();
    this.footers();
  }

  // -- primitives ----------------------------------------------------------

  private get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page if fewer than `needed` points remain; returns true if it did. */
  private ensureSpace(needed: number): boolean {
    if (this.doc.y + needed <= this.maxY) return false;
    this.doc.addPage();
    return true;
  }

  private font(name: string, size: number, color: string = COLOR.text): this {
    this.doc.font(name).fontSize(size).fillColor(color);
    return this;
  }

  private measure(text: string, width: number, lineGap = 0): number {
    return this.doc.heightOfString(text, { width, lineGap });
  }

  /** Text confined to a box: never triggers pdfkit's automatic page break. */
  private boxText(text: string, x: number, y: number, width: number, height: number, align: Align = 'left', lineGap = 0): void {
    this.doc.text(text, x, y, { width, height: height + 0.5, align, lineGap, ellipsis: true });
  }

  private rule(y: number, color: string = COLOR.rule, weight = 0.5): void {
    this.doc
      .save()
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  private fillRect(x: number, y: number, w: number, h: number, color: string): void {
    this.doc.save().rect(x, y, w, h).fillColor(color).fill().restore();
    this.doc.fillColor(COLOR.text);
  }

  private strokeRect(x: number, y: number, w: number, h: number): void {
    this.doc.save().rect(x, y, w, h).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
  }

  private sectionHeading(text: string, minFollowing: number): void {
    this.ensureSpace(22 + minFollowing);
    this.doc.y += 8;
    this.font(FONT.bold, 12, COLOR.accent);
    const y = this.doc.y;
    this.boxText(text, this.left, y, this.width, 15);
    this.rule(y + 16, COLOR.accent, 0.8);
    this.doc.x = this.left;
    this.doc.y = y + 22;
    this.font(FONT.regular, 9.5);
  }

  private paragraph(text: string, opts: { indent?: number; size?: number; color?: string; font?: string; gapAfter?: number } = {}): void {
    const indent = opts.indent ?? 0;
    this.font(opts.font ?? FONT.regular, opts.size ?? 9.5, opts.color ?? COLOR.text);
    this.doc.text(text, this.left + indent, this.doc.y, { width: this.width - indent, lineGap: 1.5, align: 'left' });
    this.doc.x = this.left;
    this.doc.y += opts.gapAfter ?? 4;
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
    this.paragraph(
      `This Loan Agreement ("Agreement") is made on ${date} between ${lender} ("the Lender", "we", "us") and ` +
        `${borrower} ("the Borrower", "you"). It sets out the terms on which we lend you money. Please read the ` +
        `Key Facts and the terms below carefully before you sign. Ask us if anything is unclear.`,
    );
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
      rows.push([
        'Interest calculation method',
        'Reducing balance: interest for each month is charged only on the principal still outstanding, so ' +
          'the interest part of each instalment falls as you repay.',
      ]);
    }
    rows.push(
      ['Tenure', plural(t.tenureMonths, 'month', 'months')],
      ['Number of instalments', String(input.schedule.length)],
      [isEmi ? 'Processing fee' : 'Flat fee', money(t.fee)],
      [isEmi ? 'Monthly instalment (EMI)' : 'Instalment amount', money(t.instalmentAmount), true],
      ['Total interest', money(t.totalInterest)],
      ['Total amount payable', money(t.totalPayable), true],
      [
        'Late payment',
        "As published on the Lender's Rate & Terms page on the date of this Agreement (see clause 4). " +
          'Not included in the amounts above.',
      ],
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
    this.paragraph(
      'Amounts are in ' +
        pdfText(input.terms.currency.toUpperCase()) +
        '. Due dates are indicative: the confirmed schedule is fixed from the date the loan is disbursed and ' +
        'will be sent to you at disbursal. The number of instalments, interest rate and fee will not change.',
      { size: 8.5, color: COLOR.muted },
    );
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
      const due = line.dueDate.trim() === '' ? `month ${line.number} after disbursal` : pdfText(line.dueDate);
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
    const clauses: [string, string][] = [
      [
        'The loan',
        'We agree to lend you the Loan amount shown in the Key facts on the terms of this Agreement. The Key facts ' +
          'and the repayment schedule form part of this Agreement. We pay the loan into the bank account you have ' +
          'verified with us after you have signed. The loan is for your personal use.',
      ],
      [
        'Repayment',
        (isEmi
          ? 'You agree to repay the loan, with interest calculated on the reducing balance, in equal monthly ' +
            'instalments (EMIs) on the due dates in the repayment schedule. The last instalment may differ slightly ' +
            'because of rounding. '
          : 'You agree to repay the salary advance, with the flat fee and any interest shown in the Key facts, on the ' +
            'due date(s) in the repayment schedule. ') +
          'Payments are collected through the repayment method you set up with us (for example an auto-debit ' +
          'mandate). Please keep enough money in your account on each due date. You remain responsible for paying ' +
          'on time even if an automatic collection fails.',
      ],
      [
        'Prepayment',
        'You may repay the whole loan, or part of it, at any time before it is due. We do not charge any ' +
          'prepayment or foreclosure penalty. Interest is charged only up to the date you repay. After a part ' +
          'prepayment we will send you an updated repayment schedule.',
      ],
      [
        'Late payment',
        "If an instalment is not paid in full on its due date, late-payment charges may apply. The charges, and how " +
          "they are calculated, are those published on the Lender's Rate & Terms page as in force on the date of " +
          'this Agreement; we will not charge anything that is not published there. Late payment is reported to ' +
          'credit information companies and may affect your credit score and your ability to borrow in future.',
      ],
      [
        'Default and collections',
        'You are in default if you do not pay an amount when due and do not pay it after we remind you, or if ' +
          'information you gave us to obtain this loan was materially false. If you are in default we will write ' +
          'to you before taking further action, and we may then ask you to repay the whole outstanding amount. ' +
          'We, and any collection agent acting for us, will treat you fairly and respectfully: we will contact you ' +
          'only at reasonable hours, will not threaten, harass or embarrass you, and will not contact your family, ' +
          'friends or employer about your debt except as the law allows or as you have agreed. Collection ' +
          'agents will identify themselves and carry our written authority. We may take lawful recovery action if the default continues.',
      ],
      [
        'Cooling-off and cancellation before disbursal',
        'You may cancel this Agreement at any time before the loan is disbursed, free of charge, by telling us ' +
          'through the app or by email. If you cancel, you owe nothing under this Agreement and we will refund ' +
          "any fee you have already paid. Any cooling-off period after disbursal is described on the Lender's " +
          'Rate & Terms page.',
      ],
      [
        'Your personal data',
        'We collect and use your personal data (identity, contact, bank, employment and repayment information) ' +
          'only to assess your application, provide and service this loan, prevent fraud and meet our legal and ' +
          'regulatory obligations. We share it only with credit information companies, with service providers ' +
          'who act for us under confidentiality obligations (such as payment and collection partners), and with ' +
          'authorities where the law requires. We do not sell your data. You may ask to see or correct your data ' +
          'and withdraw consent for optional uses, as explained in our Privacy Policy. We keep your data only for ' +
          'as long as the law requires.',
      ],
      [
        'Complaints and grievance redressal',
        'If you are unhappy with our service, contact our Grievance Redressal Officer using the details published ' +
          'on our website and in the app. We will acknowledge your complaint and respond within the time set out ' +
          'in our Grievance Redressal Policy. If your complaint is not resolved, or you are not satisfied with our ' +
          'reply, you may escalate it to the ombudsman or regulator that supervises the Lender.',
      ],
      [
        'Electronic signature',
        `You sign this Agreement electronically by entering a one-time password (OTP) sent to your registered ` +
          `mobile number (${phone}) or email address (${email}). By entering the OTP you confirm that you have ` +
          'read and accept exactly this document, which is identified by its SHA-256 hash. We record that hash ' +
          'together with the time of signing and the OTP verification, and send you a copy of the signed ' +
          'document. A copy whose SHA-256 hash differs is not the document you signed. You agree that accepting ' +
          'this Agreement in this way creates a binding contract, just as a handwritten signature would.',
      ],
      [
        'Notices',
        'We will send notices and statements to your registered email address or mobile number, or through the ' +
          'app. Please tell us promptly if your contact details change.',
      ],
      [
        'Governing law',
        'This Agreement is governed by the laws of India. The competent courts in India have jurisdiction, ' +
          'without affecting your right to use the complaint and grievance redressal routes described above.',
      ],
    ];

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
        note: 'Issued and authorised electronically by the Lender.',
      },
      {
        label: 'Borrower',
        name: borrower,
        note:
          'Signed electronically by one-time password (OTP). The time of signing and the SHA-256 hash of this ' +
          'document are recorded in the signing record.',
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
