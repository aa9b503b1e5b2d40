import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { CurrentDeviceSession } from '../../../identity/public/index.js';
import { DB, type Db } from '../../../platform/database/database.js';
import type { PushSubscriptionOptionsColumn } from '../../../platform/database/schema.js';
import { pushTokenView, type PushTokenView } from './push-token.view.js';

export class RegisterPushTokenCommand {
  constructor(
    readonly session: CurrentDeviceSession,
    readonly token: string,
    readonly options: PushSubscriptionOptionsColumn,
  ) {}
}

/**
 * A device registers for pushes: one registration per (borrower, device), so registering again from the same device
 * replaces its token. A token is one browser's: if it was registered to another user (someone else signed in on this
 * browser before), that registration goes, so pushes never reach the previous user's notifications. One transaction.
 */
@CommandHandler(RegisterPushTokenCommand)
export class RegisterPushTokenHandler implements ICommandHandler<RegisterPushTokenCommand> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ session, token, options }: RegisterPushTokenCommand): Promise<PushTokenView> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('push_tokens')
        .where('token', '=', token)
        .where((eb) => eb.or([eb('user_id', '!=', session.userId), eb('device_id', '!=', session.deviceId)]))
        .execute();
      const row = await trx
        .insertInto('push_tokens')
        .values({
          user_id: session.userId,
          session_id: session.sessionId,
          device_id: session.deviceId,
          token,
          options: JSON.stringify(options) as never,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'device_id']).doUpdateSet({
            token,
            options: JSON.stringify(options) as never,
            session_id: session.sessionId,
            created_at: sql<Date>`now()`,
            refreshed_at: sql<Date>`now()`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return pushTokenView(row);
    });
  }
}
