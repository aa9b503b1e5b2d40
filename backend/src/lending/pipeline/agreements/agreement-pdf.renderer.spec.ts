import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { keyFactStatement, type KfsSettings } from '../domain/kfs/key-fact-statement.js';
import { formatDate, formatMoneyCode } from '../../../platform/format/format.js';
import { renderAgreementPdf, renderKfsPdf, type AgreementPdfInput } from './agreement-pdf.renderer.js';

const sha256 = (buf: Buffer): string => createHash('sha256').update(buf).digest('hex');

const KFS_SETTINGS: KfsSettings = {
  lenderName: 'Acme Finance Private Limited',
  coolingOffDays: 3,
  grievanceOfficer: { name: 'Meera Iyer', phone: '+91 80 4000 1234', email: 'grievance@acme.example', address: '12 MG Road, Bengaluru' },
};

/** The input with its KFS built from its own terms, as the issue-agreement handler does. */
function withKfs(input: Omit<AgreementPdfInput, 'kfs'>): AgreementPdfInput {
  const kfs = keyFactStatement({
    loanId: input.loanId,
    loanType: input.loanType,
    terms: input.terms,
    schedule: input.schedule,
    charges: { penalChargeFlat: 50_000, graceDays: 3 },
    settings: KFS_SETTINGS,
  });
  return { ...input, kfs };
}

/** Builds a reducing-balance EMI schedule in paise (same shape the loan engine produces). */
function emiInput(months = 36, overrides: Partial<AgreementPdfInput> = {}): AgreementPdfInput {
  const principal = 30_000_000; // INR 3,00,000.00
  const r = 0.18 / 12;
  const emi = Math.round((principal * r * (1 + r) ** months) / ((1 + r) ** months - 1));
  let balance = principal;
  const schedule: AgreementPdfInput['schedule'] = [];
  for (let n = 1; n <= months; n++) {
    const interest = Math.round(balance * r);
    const p = n === months ? balance : emi - interest;
    balance -= p;
    const due = new Date(Date.UTC(2025, 3 + n - 1, 5)).toISOString().slice(0, 10);
    schedule.push({ number: n, dueDate: due, principal: p, interest, balance });
  }
  const totalInterest = schedule.reduce((s, l) => s + l.interest, 0);
  const fee = 600_000;
  return withKfs({
    loanId: 'LN-2025-000123',
    loanType: 'EMI',
    issuedAt: '2025-03-15T10:30:00.000Z',
    lender: { name: 'Acme Finance Private Limited', address: '12 MG Road\nBengaluru, Karnataka 560001, India' },
    borrower: { name: 'Priya Sharma', email: 'priya.sharma@example.com', phone: '+91 98765 43210' },
    terms: {
      principal,
      annualRatePercent: 18,
      tenureMonths: months,
      fee,
      instalmentAmount: emi,
      totalInterest,
      totalPayable: principal + totalInterest + fee,
      currency: 'INR',
    },
    schedule,
    ...overrides,
  });
}

function salaryAdvanceInput(): AgreementPdfInput {
  return withKfs({
    loanId: 'SA-2025-000042',
    loanType: 'salaryAdvance',
    issuedAt: '2025-03-15T10:30:00.000Z',
    lender: { name: 'Acme Finance Private Limited', address: '12 MG Road, Bengaluru' },
    borrower: { name: 'Rahul Verma', email: 'rahul@example.com', phone: '+91 90000 00000' },
    terms: {
      principal: 2_500_000,
      annualRatePercent: 0,
      tenureMonths: 1,
      fee: 25_000,
      instalmentAmount: 2_525_000,
      totalInterest: 0,
      totalPayable: 2_525_000,
      currency: 'INR',
    },
    schedule: [{ number: 1, dueDate: '', principal: 2_500_000, interest: 0, balance: 0 }],
  });
}

/**
 * Page text from an uncompressed pdfkit PDF. pdfkit writes each line as a TJ array of
 * hex strings (WinAnsi bytes) separated by kerning numbers; joining the hex runs gives the line.
 */
function pageTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\]\s*TJ/gi)) {
    const hex = [...m[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => h[1]).join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines;
}

const pageCount = (pdf: Buffer): number => (pdf.toString('latin1').match(/\/Type \/Page\n/g) ?? []).length;
const trailerId = (pdf: Buffer): string | undefined => /\/ID \[<([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1];

describe('renderAgreementPdf', () => {
  it('produces a complete PDF file', async () => {
    const pdf = await renderAgreementPdf(emiInput());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('is deterministic: the same input gives byte-identical output', async () => {
    const a = await renderAgreementPdf(emiInput());
    const b = await renderAgreementPdf(emiInput());
    expect(sha256(a)).toBe(sha256(b));
    expect(a.equals(b)).toBe(true);
    // CreationDate/ModDate come from issuedAt, not the clock
    expect(a.toString('latin1')).toContain('(D:20250315103000Z)');
  });

  it('does not depend on property order or extra properties of the input object', async () => {
    const input = emiInput();
    const reordered = JSON.parse(JSON.stringify(input), (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).reverse()) : v,
    ) as AgreementPdfInput;
    const extra = { ...input, internalNote: 'not printed' } as AgreementPdfInput;
    const expected = sha256(await renderAgreementPdf(input));
    expect(sha256(await renderAgreementPdf(reordered))).toBe(expected);
    expect(sha256(await renderAgreementPdf(extra))).toBe(expected);
  });

  it('gives a different hash and trailer /ID for different input', async () => {
    const base = emiInput();
    const renamed = emiInput(36, { borrower: { ...base.borrower, name: 'Priya S. Sharma' } });
    const changedLine = emiInput();
    changedLine.schedule[10] = { ...changedLine.schedule[10]!, interest: changedLine.schedule[10]!.interest + 1 };

    const [a, b, c] = await Promise.all([base, renamed, changedLine].map((i) => renderAgreementPdf(i)));
    expect(new Set([sha256(a!), sha256(b!), sha256(c!)]).size).toBe(3);
    // same loanId and issuedAt, but the /ID is derived from the whole input
    expect(trailerId(a!)).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([trailerId(a!), trailerId(b!), trailerId(c!)]).size).toBe(3);
  });

  it('compresses content streams by default', async () => {
    const pdf = await renderAgreementPdf(emiInput());
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pageTextLines(pdf).some((l) => l.includes('Priya Sharma'))).toBe(false);
    const raw = await renderAgreementPdf(emiInput(), { compress: false });
    expect(pdf.length).toBeLessThan(raw.length);
  });

  it('prints the parties, key facts and every schedule line (uncompressed)', async () => {
    const input = emiInput();
    input.schedule[4] = { ...input.schedule[4]!, dueDate: '' };
    const lines = pageTextLines(await renderAgreementPdf(input, { compress: false }));
    const text = lines.join('\n');

    expect(text).toContain('Loan Agreement \x97 Personal Loan (EMI)'); // em dash is 0x97 in WinAnsi
    expect(text).toContain('LN-2025-000123');
    expect(text).toContain('Date: 15 Mar 2025');
    expect(text).toContain('Priya Sharma');
    expect(text).toContain('priya.sharma@example.com');
    expect(text).toContain('Acme Finance Private Limited');
    expect(lines).toContain('INR 3,00,000.00');
    expect(text).toContain('18.00% per annum');
    expect(text).toMatch(/Reducing balance/);
    expect(lines).toContain(formatMoneyCode(input.terms.instalmentAmount, 'INR'));
    expect(lines).toContain(formatMoneyCode(input.terms.totalPayable, 'INR'));
    for (const line of input.schedule) {
      expect(lines).toContain(line.dueDate === '' ? `month ${line.number} after disbursal` : formatDate(line.dueDate));
    }
    expect(lines).toContain('month 5 after disbursal');
    // terms that must be present
    for (const heading of [
      'Repayment',
      'Prepayment',
      'Late payment',
      'Default and collections',
      'Cooling-off and cancellation before disbursal',
      'Your personal data',
      'Complaints and grievance redressal',
      'Electronic signature',
      'Governing law',
    ]) {
      expect(lines).toContain(heading);
    }
    expect(text).toContain('SHA-256');
    expect(text).toContain('Rate & Terms page');
  });

  it('prints the Key Facts Statement first, APR and grievance officer included, and its hash covers it', async () => {
    const input = emiInput(12);
    const pdf = await renderAgreementPdf(input, { compress: false });
    const lines = pageTextLines(pdf);
    // the KFS's title comes before the agreement's
    expect(lines.indexOf('Key Facts Statement')).toBeGreaterThanOrEqual(0);
    expect(lines.indexOf('Key Facts Statement')).toBeLessThan(lines.findIndex((l) => l.startsWith('Loan Agreement ')));
    for (const text of [
      'Part 1 (Interest rate and fees/charges)',
      'Part 2 (Other qualitative information)',
      'Annual Percentage Rate (APR)',
      'Cooling-off / look-up period',
      'Grievance redressal officer',
    ]) {
      expect(lines).toContain(text);
    }
    expect(lines.some((l) => l.startsWith(`${(input.kfs.aprBasisPoints / 100).toFixed(2)}% per annum`))).toBe(true);
    expect(lines.some((l) => l.includes('Meera Iyer'))).toBe(true);
    const changed = { ...input, kfs: { ...input.kfs, coolingOffDays: 7 } };
    expect(sha256(await renderAgreementPdf(changed))).not.toBe(sha256(await renderAgreementPdf(input)));
  });

  it('refuses a KFS of another loan', async () => {
    await expect(renderAgreementPdf({ ...emiInput(), kfs: salaryAdvanceInput().kfs })).rejects.toThrow(/kfs/);
  });

  it('paginates a 36-line schedule with a repeated header and "Page X of Y" footers', async () => {
    const pdf = await renderAgreementPdf(emiInput(36), { compress: false });
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const lines = pageTextLines(pdf);
    expect(lines).toContain('Repayment schedule (continued)');
    expect(lines.filter((l) => l === 'Due date').length).toBeGreaterThanOrEqual(2);
    for (let p = 1; p <= pages; p++) expect(lines).toContain(`Page ${p} of ${pages}`);
  });

  it('renders a salary advance with its own title and flat fee', async () => {
    const input = salaryAdvanceInput();
    const lines = pageTextLines(await renderAgreementPdf(input, { compress: false }));
    expect(lines).toContain('Loan Agreement \x97 Salary Advance');
    expect(lines).toContain('Flat fee');
    expect(lines).toContain('INR 250.00');
    expect(lines).toContain('month 1 after disbursal');
    expect(lines.some((l) => l.includes('Reducing balance'))).toBe(false);
  });

  it('keeps text the standard fonts cannot encode from corrupting the page', async () => {
    const input = salaryAdvanceInput();
    input.borrower = { ...input.borrower, name: 'Ānanya Ṛṣi प्रि' };
    const lines = pageTextLines(await renderAgreementPdf(input, { compress: false }));
    // Latin letters with diacritics lose the mark; other scripts become one "?" per base letter
    expect(lines).toContain('Ananya Rsi ??');
  });

  it('rejects invalid input', async () => {
    await expect(renderAgreementPdf({ ...emiInput(), issuedAt: 'yesterday' })).rejects.toThrow(/issuedAt/);
    await expect(renderAgreementPdf({ ...emiInput(), schedule: [] })).rejects.toThrow(/schedule/);
    const fractional = emiInput();
    fractional.terms = { ...fractional.terms, principal: 1000.5 };
    await expect(renderAgreementPdf(fractional)).rejects.toThrow(/principal/);
  });
});

describe('renderKfsPdf (sent with the signed agreement)', () => {
  it('given the agreement input, when the KFS is rendered alone, then it is one deterministic page with the KFS and not the agreement', async () => {
    const input = emiInput(12);
    const pdf = await renderKfsPdf(input, { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const lines = pageTextLines(pdf);
    expect(lines).toContain('Key Facts Statement');
    expect(lines).toContain('Annual Percentage Rate (APR)');
    expect(lines.some((l) => l.startsWith('Loan Agreement '))).toBe(false);
    expect(sha256(await renderKfsPdf(input))).toBe(sha256(await renderKfsPdf(input)));
  });
});
