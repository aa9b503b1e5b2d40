import busboy from 'busboy';
import type { FastifyRequest } from 'fastify';
import { HttpProblem, RequestValidationFailed } from './problem.js';

export type UploadedFile = { fieldname: string; originalname: string; mimetype: string; size: number; buffer: Buffer };
export type Upload = { fields: Record<string, unknown>; file: UploadedFile };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** Why a multipart body was refused, as the caller is told. */
type Refusal = 'too-large' | 'wrong-files' | 'too-many-fields' | 'unreadable';

function refusalError(refusal: Refusal, options: { field: string; maxBytes: number }): Error {
  switch (refusal) {
    case 'too-large':
      return new HttpProblem(
        413,
        'upload-too-large',
        'File too large',
        `The file is larger than ${megabytes(options.maxBytes)}; nothing was stored.`,
        {
          maxBytes: options.maxBytes,
        },
      );
    case 'wrong-files':
      return new RequestValidationFailed([{ name: options.field, message: `send exactly one file, in the field "${options.field}"` }]);
    case 'too-many-fields':
      return new RequestValidationFailed([{ name: '(body)', message: 'too many or too large form fields' }]);
    case 'unreadable':
      return new RequestValidationFailed([{ name: '(body)', message: 'is not a readable multipart/form-data body' }]);
  }
}

/**
 * Reads one multipart file (`field`) and the text fields beside it into memory, at most `maxBytes`: a larger file is
 * refused while it streams in (413, saying the limit), before anything is kept. Other files and oversize fields are
 * refused too. Call it from a controller handler (create-api.ts leaves multipart bodies unread for it); what the bytes
 * are is the caller's to judge.
 */
export function readSingleFile(request: FastifyRequest, options: { field: string; maxBytes: number }): Promise<Upload> {
  const raw = request.raw;
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: raw.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
      });
    } catch {
      return reject(refusalError('unreadable', options));
    }
    const fields: Record<string, unknown> = {};
    let file: UploadedFile | undefined;
    let settled = false;
    // A refusal stops reading into memory but drains the rest of the body, so the answer reaches the client.
    const refuse = (refusal: Refusal) => {
      if (settled) return;
      settled = true;
      raw.unpipe(parser);
      raw.resume();
      reject(refusalError(refusal, options));
    };
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return refuse('too-many-fields');
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== options.field || file) {
        stream.resume();
        return refuse('wrong-files');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        chunks.push(chunk);
      });
      stream.on('limit', () => refuse('too-large'));
      stream.on('end', () => {
        if (settled) return;
        file = { fieldname: name, originalname: info.filename ?? '', mimetype: info.mimeType, size, buffer: Buffer.concat(chunks, size) };
      });
    });
    parser.on('filesLimit', () => refuse('wrong-files'));
    parser.on('fieldsLimit', () => refuse('too-many-fields'));
    parser.on('partsLimit', () => refuse('too-many-fields'));
    parser.on('error', () => refuse('unreadable'));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      if (!file)
        return reject(
          new RequestValidationFailed([{ name: options.field, message: 'is required: attach the file as multipart/form-data' }]),
        );
      resolve({ fields, file });
    });
    raw.pipe(parser);
  });
}
