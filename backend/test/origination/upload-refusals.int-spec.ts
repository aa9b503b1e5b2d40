import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bearer, expectFieldProblem, expectProblem } from '../support/loan-api.js';
import { upload } from '../support/profile-api.js';
import { pdf } from '../support/sample-files.js';
import { registerBorrower, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The upload's multipart reading (platform/http/single-file-upload.ts, busboy on the raw request since the Fastify
 * adapter): every malformed or oversize body is one clear problem, nothing is stored, and the connection still answers.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp('upload_refusals', { UPLOAD_MAX_BYTES: String(64 * 1024) });
});

afterAll(async () => {
  await t?.close();
});

const stored = async () =>
  Number(
    (
      await t.runtime.db
        .selectFrom('customer_documents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A multipart body written by hand, to send what no form library would. */
const multipart = (boundary: string, parts: string[]) =>
  Buffer.from(`${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`);
const filePart = (field: string, name: string, body: string) =>
  `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${body}`;
const fieldPart = (field: string, value: string) => `Content-Disposition: form-data; name="${field}"\r\n\r\n${value}`;

describe('POST /api/me/documents with a body it cannot take', () => {
  it('given a file within the limit, when it is uploaded, then it is stored as that kind (the control)', async () => {
    const me = await registerBorrower(t.http);
    const res = await upload(t.http, me.token, 'salarySlip', pdf(), 'slip-नवंबर.pdf').expect(201);
    expect(res.body).toMatchObject({ kind: 'salarySlip' });
    expect((await t.http.get('/api/me/documents').set(bearer(me.token)).expect(200)).body).toHaveLength(1);
  });

  it('given a file over the limit, then 413 says the limit, nothing is stored, and the next request on the app answers', async () => {
    const me = await registerBorrower(t.http);
    const before = await stored();
    const big = expectProblem(
      await upload(t.http, me.token, 'bankStatement', Buffer.concat([pdf(), Buffer.alloc(200 * 1024)])),
      413,
      'upload-too-large',
    );
    expect(big.detail).toBe('The file is larger than 0.1 MB; nothing was stored.');
    expect(big.maxBytes).toBe(64 * 1024);
    expect(await stored()).toBe(before);
    await upload(t.http, me.token, 'bankStatement', pdf()).expect(201);
  });

  it('given the file in another field, two files, or no file, then 400 names the field and nothing is stored', async () => {
    const me = await registerBorrower(t.http);
    const before = await stored();
    const boundary = 'xBOUNDARYx';
    const send = (parts: string[]) =>
      t.http
        .post('/api/me/documents')
        .set(bearer(me.token))
        .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
        .send(multipart(boundary, parts));
    const wrongField = expectFieldProblem(
      await send([fieldPart('kind', 'salarySlip'), filePart('document', 'a.pdf', '%PDF-1.4')]),
      ['file'],
      'validation-failed',
    );
    expect(wrongField).toEqual([{ name: 'file', message: 'send exactly one file, in the field "file"' }]);
    expectFieldProblem(
      await send([fieldPart('kind', 'salarySlip'), filePart('file', 'a.pdf', '%PDF-1.4'), filePart('file', 'b.pdf', '%PDF-1.4')]),
      ['file'],
      'validation-failed',
    );
    const none = expectFieldProblem(await send([fieldPart('kind', 'salarySlip')]), ['file'], 'validation-failed');
    expect(none).toEqual([{ name: 'file', message: 'is required: attach the file as multipart/form-data' }]);
    expect(await stored()).toBe(before);
  });

  it('given a body that is not readable multipart, or oversize fields, then 400 says so and nothing is stored', async () => {
    const me = await registerBorrower(t.http);
    const before = await stored();
    const unreadable = await t.http
      .post('/api/me/documents')
      .set(bearer(me.token))
      .set('Content-Type', 'multipart/form-data')
      .send(Buffer.from('no boundary, no parts'));
    expect(expectFieldProblem(unreadable, ['(body)'], 'validation-failed')).toEqual([
      { name: '(body)', message: 'is not a readable multipart/form-data body' },
    ]);
    const boundary = 'yBOUNDARYy';
    const longField = await t.http
      .post('/api/me/documents')
      .set(bearer(me.token))
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(multipart(boundary, [fieldPart('kind', 'x'.repeat(5000)), filePart('file', 'a.pdf', '%PDF-1.4')]));
    expect(expectFieldProblem(longField, ['(body)'], 'validation-failed')).toEqual([
      { name: '(body)', message: 'too many or too large form fields' },
    ]);
    expect(await stored()).toBe(before);
  });

  it('given no token, then the upload is 401 before anything is read', async () => {
    expectProblem(
      await t.http.post('/api/me/documents').field('kind', 'salarySlip').attach('file', pdf(), 'a.pdf'),
      401,
      'unauthenticated',
    );
  });
});
