import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { CurrentDeviceSession } from '../../../identity/public/index.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { PushSubscriptionOptionsColumn } from '../../../platform/database/schema.js';
import { PushTokenNotFound } from '../../domain/push.errors.js';
import { pushTokenView, type PushTokenView } from './push-token.view.js';

export class RefreshPushTokenCommand {
  constructor(
    readonly session: CurrentDeviceSession,
    readonly id: string,
    readonly token: string,
    readonly options: PushSubscriptionOptionsColumn,
  ) {}
}

/**
 * The portal refreshes its registration (after 7 days, or when FCM handed it a new token): token and options replace
 * the stored ones and `refreshedAt` moves; `createdAt` stays. Only the owner's registration: another's is not found.
 */
@CommandHandler(RefreshPushTokenCommand)
export class RefreshPushTokenHandler implements ICommandHandler<RefreshPushTokenCommand> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ session, id, token, options }: RefreshPushTokenCommand): Promise<PushTokenView> {
    return this.db.transaction().execute(async (trx) => {
      const own = await trx
        .selectFrom('push_tokens')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', session.userId)
        .forUpdate()
        .executeTakeFirst();
      if (!own) throw new PushTokenNotFound(id);
      await trx.deleteFrom('push_tokens').where('token', '=', token).where('id', '!=', id).execute();
      const row = await trx
        .updateTable('push_tokens')
        .set({ token, options: JSON.stringify(options) as never, session_id: session.sessionId, refreshed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return pushTokenView(row);
    });
  }
}
