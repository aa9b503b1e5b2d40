/**
 * Layout helpers for PDFs drawn with pdfkit's standard fonts: page geometry, text confined to boxes (never an
 * automatic page break), rules, filled and stroked boxes, section headings and paragraphs. Pure drawing: what is
 * written is decided by the document that extends PdfLayout.
 */

export const MARGINS = { top: 54, bottom: 64, left: 50, right: 50 } as const;
export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' } as const;
export const COLOR = {
  text: '#111111',
  muted: '#555555',
  accent: '#1f3a5f',
  rule: '#9aa3ad',
  headerFill: '#e3e8ef',
  zebra: '#f4f6f8',
} as const;

export type Align = 'left' | 'right' | 'center';

// Characters pdfkit's standard (AFM, WinAnsiEncoding) fonts can encode beyond Latin-1.
const WIN_ANSI_EXTRA = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d,
  0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/**
 * Makes arbitrary user text safe for the standard Helvetica fonts. pdfkit writes
 * unencodable code points as garbage hex into the content stream, so anything
 * outside WinAnsi is replaced with "?" (non-Latin scripts need an embedded
 * Unicode font, which this renderer deliberately does not ship).
 */
export function pdfText(value: string, allowNewlines = false): string {
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
    else if (cp === 0x200b || cp === 0xfeff || /\p{M}/u.test(ch))
      continue; // lone combining marks
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

/** Collects a pdfkit document's output into one buffer, resolved when the document ends. */
export function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** The drawing primitives a document's sections are written with; `left` and `width` are the text column. */
export abstract class PdfLayout {
  protected readonly left: number;
  protected readonly width: number;

  constructor(protected readonly doc: PDFKit.PDFDocument) {
    this.left = MARGINS.left;
    this.width = doc.page.width - MARGINS.left - MARGINS.right;
  }

  protected get maxY(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page if fewer than `needed` points remain; returns true if it did. */
  protected ensureSpace(needed: number): boolean {
    if (this.doc.y + needed <= this.maxY) return false;
    this.doc.addPage();
    return true;
  }

  protected font(name: string, size: number, color: string = COLOR.text): this {
    this.doc.font(name).fontSize(size).fillColor(color);
    return this;
  }

  protected measure(text: string, width: number, lineGap = 0): number {
    return this.doc.heightOfString(text, { width, lineGap });
  }

  /** Text confined to a box: never triggers pdfkit's automatic page break. */
  protected boxText(text: string, x: number, y: number, width: number, height: number, align: Align = 'left', lineGap = 0): void {
    this.doc.text(text, x, y, { width, height: height + 0.5, align, lineGap, ellipsis: true });
  }

  protected rule(y: number, color: string = COLOR.rule, weight = 0.5): void {
    this.doc
      .save()
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(weight)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  protected fillRect(x: number, y: number, w: number, h: number, color: string): void {
    this.doc.save().rect(x, y, w, h).fillColor(color).fill().restore();
    this.doc.fillColor(COLOR.text);
  }

  protected strokeRect(x: number, y: number, w: number, h: number): void {
    this.doc.save().rect(x, y, w, h).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
  }

  protected sectionHeading(text: string, minFollowing: number): void {
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

  protected paragraph(text: string, opts: { indent?: number; size?: number; color?: string; font?: string; gapAfter?: number } = {}): void {
    const indent = opts.indent ?? 0;
    this.font(opts.font ?? FONT.regular, opts.size ?? 9.5, opts.color ?? COLOR.text);
    this.doc.text(text, this.left + indent, this.doc.y, { width: this.width - indent, lineGap: 1.5, align: 'left' });
    this.doc.x = this.left;
    this.doc.y += opts.gapAfter ?? 4;
  }
}
