import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DB, type Db } from '../../../platform/database/database.js';
import { PushTokenNotFound } from '../../domain/push.errors.js';

export class DeletePushTokenCommand {
  constructor(
    readonly userId: string,
    readonly id: string,
  ) {}
}

/** The portal signs out (or the borrower turns notifications off): the registration goes. Only the owner's. */
@CommandHandler(DeletePushTokenCommand)
export class DeletePushTokenHandler implements ICommandHandler<DeletePushTokenCommand> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ userId, id }: DeletePushTokenCommand): Promise<void> {
    const deleted = await this.db
      .deleteFrom('push_tokens')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!deleted) throw new PushTokenNotFound(id);
  }
}
