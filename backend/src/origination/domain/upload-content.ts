/**
 * What an uploaded file is, judged by its bytes (never by its name or the type the browser claims): PDF, JPEG or PNG
 * only, whole (a truncated or corrupt file is refused), and for images their size in pixels. Pure.
 */
export type SniffedContent =
  | { ok: true; contentType: 'application/pdf' }
  | { ok: true; contentType: 'image/jpeg' | 'image/png'; width: number; height: number }
  | { ok: false; reason: string };

const startsWith = (bytes: Buffer, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function sniffPng(bytes: Buffer): SniffedContent {
  // The first chunk must be IHDR (13 bytes of data); the file must end with an IEND chunk.
  if (bytes.length < 8 + 25 + 12 || bytes.toString('latin1', 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13)
    return { ok: false, reason: 'is a broken PNG image (no image header)' };
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width === 0 || height === 0) return { ok: false, reason: 'is a broken PNG image (zero size)' };
  if (bytes.toString('latin1', bytes.length - 8, bytes.length - 4) !== 'IEND')
    return { ok: false, reason: 'is a broken PNG image (it is cut short)' };
  // Every chunk between must fit the file exactly.
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (at !== bytes.length) return { ok: false, reason: 'is a broken PNG image (its chunks do not fit)' };
  return { ok: true, contentType: 'image/png', width, height };
}

/** Start-of-frame markers carry the size: SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function sniffJpeg(bytes: Buffer): SniffedContent {
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9)
    return { ok: false, reason: 'is a broken JPEG image (it is cut short)' };
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return { ok: false, reason: 'is a broken JPEG image (bad segment)' };
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return { ok: false, reason: 'is a broken JPEG image (bad segment)' };
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) break;
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      if (width === 0 || height === 0) return { ok: false, reason: 'is a broken JPEG image (zero size)' };
      return { ok: true, contentType: 'image/jpeg', width, height };
    }
    if (marker === 0xda) break; // start of scan before any frame header
    at += 2 + length;
  }
  return { ok: false, reason: 'is a broken JPEG image (no frame header)' };
}

function sniffPdf(bytes: Buffer): SniffedContent {
  const tail = bytes.toString('latin1', Math.max(0, bytes.length - 1024));
  if (!tail.includes('%%EOF')) return { ok: false, reason: 'is a broken PDF (it is cut short)' };
  return { ok: true, contentType: 'application/pdf' };
}

export function sniffContent(bytes: Buffer): SniffedContent {
  if (bytes.length === 0) return { ok: false, reason: 'is empty' };
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return sniffPdf(bytes);
  if (startsWith(bytes, PNG_SIGNATURE)) return sniffPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return sniffJpeg(bytes);
  return { ok: false, reason: 'is not a PDF, JPEG or PNG file (judged by its content, not its name)' };
}
