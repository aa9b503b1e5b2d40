import { describe, expect, it } from '@jest/globals';
import { executable, jpeg, pdf, png } from '../../../test/support/sample-files.js';
import { judgeUpload } from './documents.js';
import { sniffContent } from './upload-content.js';

const MB = 1024 * 1024;

describe('judging an upload by its content', () => {
  it('recognises PDF, PNG and JPEG, with the pixel size of images', () => {
    expect(sniffContent(pdf())).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(sniffContent(png(640, 480))).toEqual({ ok: true, contentType: 'image/png', width: 640, height: 480 });
    expect(sniffContent(jpeg(800, 600))).toEqual({ ok: true, contentType: 'image/jpeg', width: 800, height: 600 });
  });

  it('refuses an executable whatever it is called, and empty files', () => {
    expect(sniffContent(executable())).toEqual({ ok: false, reason: expect.stringContaining('not a PDF, JPEG or PNG') });
    expect(sniffContent(Buffer.alloc(0))).toEqual({ ok: false, reason: 'is empty' });
  });

  it('refuses broken images and PDFs: cut short, or with a header that lies', () => {
    const whole = png(600, 600);
    expect(sniffContent(whole.subarray(0, whole.length - 20))).toMatchObject({ ok: false, reason: expect.stringContaining('broken PNG') });
    expect(
      sniffContent(Buffer.concat([whole.subarray(0, 8), Buffer.from('garbage-garbage-garbage-garbage-garbage-garbage')])),
    ).toMatchObject({ ok: false });
    const photo = jpeg(600, 600);
    expect(sniffContent(photo.subarray(0, photo.length - 2))).toMatchObject({ ok: false, reason: expect.stringContaining('broken JPEG') });
    expect(sniffContent(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no frame header'),
    });
    expect(sniffContent(pdf().subarray(0, 40))).toMatchObject({ ok: false, reason: expect.stringContaining('broken PDF') });
  });

  describe('given the rules of each kind', () => {
    it('when a document is over the limit, then it is refused as too large', () => {
      expect(judgeUpload('salarySlip', Buffer.concat([pdf(), Buffer.alloc(5 * MB)]), 5 * MB)).toEqual({
        ok: false,
        status: 413,
        message: 'The file is larger than 5 MB; nothing was stored.',
      });
    });
    it('when a selfie is a PDF, over 2 MB or under 480×480, then it is refused', () => {
      expect(judgeUpload('selfie', pdf(), 5 * MB)).toMatchObject({ ok: false, status: 415 });
      expect(judgeUpload('selfie', jpeg(1000, 1000, 2 * MB), 5 * MB)).toMatchObject({
        ok: false,
        status: 413,
        message: expect.stringContaining('2 MB'),
      });
      expect(judgeUpload('selfie', png(479, 640), 5 * MB)).toEqual({
        ok: false,
        status: 422,
        message: 'The selfie is 479×640 pixels; it must be at least 480×480.',
      });
    });
    it('when a selfie is a large enough photo, then it is accepted', () => {
      expect(judgeUpload('selfie', jpeg(640, 640), 5 * MB)).toEqual({ ok: true, contentType: 'image/jpeg' });
    });
  });
});
