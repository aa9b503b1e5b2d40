/** The part of multer 2 (a dependency of @nestjs/platform-express, which ships no types for it) that uploads use. */
declare module 'multer' {
  import type { Request, Response } from 'express';
  type UploadedFile = { fieldname: string; originalname: string; mimetype: string; size: number; buffer: Buffer };
  type MulterError = Error & { code: string; field?: string };
  type Multer = {
    single(field: string): (req: Request, res: Response, callback: (error?: unknown) => void) => void;
  };
  type Options = { storage: unknown; limits?: { fileSize?: number; files?: number; fields?: number; fieldSize?: number; parts?: number } };
  interface MulterFactory {
    (options: Options): Multer;
    memoryStorage(): unknown;
    MulterError: new (code: string) => MulterError;
  }
  const multer: MulterFactory;
  export default multer;
  export type { UploadedFile };
}
