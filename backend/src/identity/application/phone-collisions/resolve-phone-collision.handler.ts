import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuthenticatedUser } from '../../auth/authenticated-user.js';
import { phoneCollisionNotFound, phoneCollisionRefused } from '../../domain/identity.errors.js';
import { judgePhoneCollision, type PhoneCollisionAction } from '../../domain/phone-collision.js';
import { PhoneCollisionsRepository, type PhoneCollisionView } from '../../users/phone-collisions.repository.js';
import { rethrowAsAlreadyInUse, UsersRepository } from '../../users/users.repository.js';

export class ResolvePhoneCollision extends Command<PhoneCollisionView> {
  constructor(
    readonly caller: AuthenticatedUser,
    readonly id: string,
    readonly action: PhoneCollisionAction,
  ) {
    super();
  }
}

/**
 * A staff member settles one listed phone (judgePhoneCollision): keep it (the account gets the number in E.164) or
 * clear it. The row is locked, marked and the account written in one transaction, so nothing is half applied.
 */
@CommandHandler(ResolvePhoneCollision)
export class ResolvePhoneCollisionHandler implements ICommandHandler<ResolvePhoneCollision> {
  constructor(
    private readonly users: UsersRepository,
    private readonly collisions: PhoneCollisionsRepository,
  ) {}

  async execute({ caller, id, action }: ResolvePhoneCollision): Promise<PhoneCollisionView> {
    try {
      return await this.users.inTransaction(async (users, trx) => {
        await this.collisions.lock(id, trx);
        const listed = await this.collisions.find(id, trx);
        if (!listed) throw phoneCollisionNotFound(id);
        const verdict = judgePhoneCollision(
          {
            reason: listed.reason,
            normalizedPhone: listed.normalizedPhone,
            resolvedAt: listed.resolvedAt ? new Date(listed.resolvedAt) : null,
          },
          action,
          listed.others.length,
        );
        if (verdict.outcome === 'refused') throw phoneCollisionRefused(verdict.kind, verdict.message);
        await this.collisions.markResolved(id, verdict.resolution, caller.id, trx);
        await users.update(listed.userId, { phone: verdict.phone });
        return (await this.collisions.find(id, trx))!;
      });
    } catch (error) {
      return rethrowAsAlreadyInUse(error);
    }
  }
}
