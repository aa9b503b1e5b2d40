import PDFDocument from 'pdfkit';
import { formatDate, formatDateTime, formatMoneyCode } from '../../platform/format/format.js';
import { collect, COLOR, FONT, MARGINS, PdfLayout, pdfText } from '../../platform/pdf/pdf-layout.js';
import type { DataExport } from '../application/data-export.js';

export type DataExportPdfInput = { data: DataExport; lender: { name: string; address: string }; currency: string };

/** The borrower's data download as a PDF: the same content as the JSON, section by section, in plain words. */
export async function renderDataExportPdf(input: DataExportPdfInput): Promise<Buffer> {
  const made = new Date(input.data.generatedAt);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { ...MARGINS },
    autoFirstPage: true,
    font: FONT.regular,
    info: {
      Title: 'Your personal data',
      Author: pdfText(input.lender.name),
      Creator: 'Lending backend data export',
      Producer: 'PDFKit',
      CreationDate: made,
      ModDate: made,
    },
  });
  const bytes = collect(doc);
  new DataExportLayout(doc).render(input);
  doc.end();
  return bytes;
}

const value = (v: unknown): string =>
  v === null || v === undefined ? '-' : typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);

class DataExportLayout extends PdfLayout {
  render({ data, lender, currency }: DataExportPdfInput): void {
    const money = (paise: number) => formatMoneyCode(paise, currency);
    this.font(FONT.bold, 16, COLOR.accent);
    this.doc.text('Your personal data', this.left, this.doc.y, { width: this.width });
    this.paragraph(pdfText(`${lender.name}, ${lender.address}`), { color: COLOR.muted, size: 9 });
    this.paragraph(
      pdfText(
        `Everything we hold about you, as of ${formatDateTime(data.generatedAt)} (Digital Personal Data Protection Act, 2023). Customer number ${data.borrowerId}. The same data is available as JSON.`,
      ),
    );

    this.sectionHeading('Your account', 30);
    this.lines([
      ['Name', data.account.name],
      ['Email', data.account.email],
      ['Phone', data.account.phone],
      ['Account', `${data.account.status}, opened ${formatDate(data.account.createdAt)}`],
    ]);

    this.sectionHeading('Your profile', 30);
    for (const s of data.profile) {
      this.paragraph(pdfText(`${s.section} (${s.status})`), { font: FONT.bold });
      if (s.data) this.lines(Object.entries(s.data).map(([k, v]) => [k, value(v)]));
    }
    if (data.uploads.length > 0)
      this.list(
        'Documents you uploaded',
        data.uploads.map((u) => `${u.kind}, ${u.contentType}, ${u.size} bytes, ${formatDate(u.createdAt)}`),
      );

    this.sectionHeading('Your consents', 20);
    this.list(
      null,
      data.consents.map(
        (c) =>
          `${c.label}: given ${formatDateTime(c.givenAt)} (${c.channel}, text version ${c.version})${c.withdrawnAt ? `, withdrawn ${formatDateTime(c.withdrawnAt)}` : ''}`,
      ),
    );

    this.sectionHeading('Your applications and loans', 20);
    if (data.loans.length === 0) this.paragraph('None.');
    for (const l of data.loans) {
      this.paragraph(
        pdfText(
          `${l.type} ${l.id}: ${l.state}, ${money(l.amount)} over ${l.tenureMonths} months at ${l.annualRatePercent}% a year, fee ${money(l.fee)}; applied ${formatDate(l.appliedAt)}${l.disbursedOn ? `, paid out ${formatDate(l.disbursedOn)}` : ''}`,
        ),
        { font: FONT.bold },
      );
      this.list(
        'Schedule',
        l.schedule.map(
          (i) =>
            `${i.number}. due ${formatDate(i.dueDate)}: ${money(i.principal + i.interest + i.fees + i.penalties)}, paid ${money(i.paid)} (${i.status})`,
        ),
      );
      this.list(
        'Payments',
        l.payments.map((p) => `${p.paidOn ? formatDate(p.paidOn) : '-'}: ${money(p.amount)} by ${p.method} (${p.channel}), ${p.status}`),
      );
    }

    this.sectionHeading('Your help issues', 20);
    if (data.helpIssues.length === 0) this.paragraph('None.');
    for (const i of data.helpIssues) {
      this.paragraph(pdfText(`#${i.number} ${i.category}, ${i.status}, raised ${formatDateTime(i.raisedAt)}`), { font: FONT.bold });
      this.list(
        null,
        i.messages.map((m) => `${m.from === 'you' ? 'You' : 'We'} (${formatDateTime(m.at)}): ${m.message}`),
      );
    }

    this.sectionHeading('Messages we sent you', 20);
    this.list(
      null,
      data.messages.map(
        (m) => `${formatDateTime(m.at)} ${m.channel} to ${m.to}${m.subject ? `: ${m.subject}` : ''} (${m.status}). ${m.body}`,
      ),
    );

    this.sectionHeading('Devices', 20);
    this.list(
      'Signed in',
      data.sessions.map(
        (s) =>
          `Device ${s.deviceId}, ${s.userAgent ?? 'unknown browser'}, ${s.ip ?? 'unknown address'}: from ${formatDateTime(s.createdAt)}, last used ${formatDateTime(s.lastUsedAt)}${s.revokedAt ? `, ended ${formatDateTime(s.revokedAt)}` : ''}`,
      ),
    );
    this.list(
      'Push notifications',
      data.pushDevices.map((d) => `Device ${d.deviceId}, registered ${formatDateTime(d.registeredAt)}`),
    );

    if (data.erasureRequests.length > 0)
      this.list(
        'Your erasure requests',
        data.erasureRequests.map(
          (r) => `Asked ${formatDateTime(r.requestedAt)}: ${r.status}${r.carriedOutAt ? ` on ${formatDateTime(r.carriedOutAt)}` : ''}`,
        ),
      );
  }

  private lines(rows: [string, string | null][]): void {
    for (const [label, text] of rows) this.paragraph(pdfText(`${label}: ${text ?? '-'}`), { indent: 10, gapAfter: 1 });
    this.doc.y += 3;
  }

  private list(title: string | null, items: string[]): void {
    if (title) this.paragraph(title, { font: FONT.bold, size: 9.5 });
    if (items.length === 0) this.paragraph('None.', { indent: 10, color: COLOR.muted });
    for (const item of items) {
      this.ensureSpace(14);
      this.paragraph(pdfText(`- ${item}`, true), { indent: 10, gapAfter: 1 });
    }
    this.doc.y += 3;
  }
}
