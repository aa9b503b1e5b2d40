import { Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiDefaultResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Inject } from '@nestjs/common';
import { z } from 'zod';
import { type Actor, CurrentActor } from '../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Roles } from '../../platform/http/access.decorators.js';
import { readSingleFile } from '../../platform/http/single-file-upload.js';
import { parseWith } from '../../platform/http/zod-body.js';
import { ListDocumentsQuery, ReadDocumentQuery } from '../application/document.queries.js';
import { UploadDocument } from '../application/upload-document.handler.js';
import { DOCUMENT_KINDS, type DocumentKind } from '../domain/documents.js';
import { documentSchema, openApi, problemSchema } from './origination-response.schemas.js';
import { sendDocument } from '../../platform/http/send-document.js';

const uploadFields = z.strictObject({ kind: z.enum(DOCUMENT_KINDS, { error: `must be one of ${DOCUMENT_KINDS.join(', ')}` }) });
export const documentIdParam = z.uuid('must be a document id');

/** The borrower's uploads: PDF, JPEG or PNG judged by content, at most UPLOAD_MAX_BYTES; read back only through here. */
@ApiTags('borrower profile')
@ApiBearerAuth()
@ApiDefaultResponse({ description: 'RFC 9457 problem details (application/problem+json)', schema: openApi(problemSchema) })
@Controller('me/documents')
export class MyDocumentsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Roles('borrower')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary:
      'Upload a document (multipart: kind, file); refused unless PDF, JPEG or PNG by content, within the size limit (a selfie: JPEG/PNG, 2 MB, 480×480 or more)',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['kind', 'file'],
      properties: { kind: { type: 'string', enum: [...DOCUMENT_KINDS] }, file: { type: 'string', format: 'binary' } },
    },
  })
  @ApiCreatedResponse({ schema: openApi(documentSchema) })
  async upload(@CurrentActor() me: Actor, @Req() req: FastifyRequest) {
    // One byte over the limit is enough to know it is too large; the handler then says so with the limit.
    const { fields, file } = await readSingleFile(req, { field: 'file', maxBytes: this.config.uploadMaxBytes });
    const { kind } = parseWith(uploadFields, fields);
    return this.commands.execute(new UploadDocument(me.id, kind as DocumentKind, file.buffer));
  }

  @Get()
  @Roles('borrower')
  @ApiOperation({ summary: 'My documents, newest first' })
  @ApiOkResponse({ schema: openApi(z.array(documentSchema)) })
  list(@CurrentActor() me: Actor) {
    return this.queries.execute(new ListDocumentsQuery(me.id));
  }

  @Get(':id')
  @Roles('borrower')
  @ApiOperation({ summary: "One of my documents, its bytes (another borrower's is 404)" })
  async read(@CurrentActor() me: Actor, @Param('id') id: string, @Res() res: FastifyReply) {
    sendDocument(res, await this.queries.execute(new ReadDocumentQuery(me.id, parseWith(documentIdParam, id))));
  }
}
