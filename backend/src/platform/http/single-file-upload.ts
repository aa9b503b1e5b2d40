import type { Request, Response } from 'express';
import multer, { type UploadedFile } from 'multer';
import { HttpProblem, RequestValidationFailed } from './problem.js';

export type Upload = { fields: Record<string, unknown>; file: UploadedFile };

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/**
 * Reads one multipart file (`field`) and the text fields beside it into memory, at most `maxBytes`: a larger file is
 * refused while it streams in (413, saying the limit), before anything is kept. Other files and oversize fields are
 * refused too. Call it from a controller handler; what the bytes are is the caller's to judge.
 */
export function readSingleFile(req: Request, res: Response, options: { field: string; maxBytes: number }): Promise<Upload> {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single(options.field);
  return new Promise((resolve, reject) => {
    upload(req, res, (error?: unknown) => {
      if (error) {
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') {
          reject(
            new HttpProblem(
              413,
              'upload-too-large',
              'File too large',
              `The file is larger than ${megabytes(options.maxBytes)}; nothing was stored.`,
              { maxBytes: options.maxBytes },
            ),
          );
        } else if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') {
          reject(new RequestValidationFailed([{ name: options.field, message: `send exactly one file, in the field "${options.field}"` }]));
        } else if (code?.startsWith('LIMIT_')) {
          reject(new RequestValidationFailed([{ name: '(body)', message: 'too many or too large form fields' }]));
        } else {
          reject(new RequestValidationFailed([{ name: '(body)', message: 'is not a readable multipart/form-data body' }]));
        }
        return;
      }
      const file = (req as Request & { file?: UploadedFile }).file;
      if (!file)
        return reject(
          new RequestValidationFailed([{ name: options.field, message: 'is required: attach the file as multipart/form-data' }]),
        );
      resolve({ fields: { ...(req.body as Record<string, unknown>) }, file });
    });
  });
}
