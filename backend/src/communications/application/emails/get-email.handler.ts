import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { EmailNotFound } from '../../domain/email.js';
import { emailView } from './email.view.js';

export class GetEmailQuery {
  constructor(readonly emailId: string) {}
}

@QueryHandler(GetEmailQuery)
export class GetEmailHandler implements IQueryHandler<GetEmailQuery> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ emailId }: GetEmailQuery) {
    const row = await this.db.selectFrom('emails').selectAll().where('id', '=', emailId).executeTakeFirst();
    if (!row) throw new EmailNotFound(emailId);
    const attachments = await this.db
      .selectFrom('email_attachments')
      .select(['filename', 'content_type', 'size_bytes'])
      .where('email_id', '=', emailId)
      .orderBy('position')
      .execute();
    return {
      ...emailView(row),
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, sizeBytes: a.size_bytes })),
    };
  }
}
