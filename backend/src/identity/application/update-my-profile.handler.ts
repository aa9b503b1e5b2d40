import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { phoneChangeNotVerified } from '../domain/one-time-code.errors.js';
import { judgePhoneChange, type PresentedProof } from '../domain/phone-change.js';
import { PhoneProofs } from '../otp/phone-proofs.js';
import { publicUser } from '../users/user.record.js';
import { rethrowAsAlreadyInUse, UsersRepository } from '../users/users.repository.js';

export class UpdateMyProfile extends Command<ReturnType<typeof publicUser>> {
  constructor(
    readonly caller: AuthenticatedUser,
    readonly change: { name?: string; phone?: string },
    /** The proof `POST /api/public/otp/verify` answered for the new phone (purpose `phone`); needed only when it changes. */
    readonly phoneProof?: string,
  ) {
    super();
  }
}

/**
 * A signed-in user's own name and phone (email is the sign-in identity and changes only through support). The e-sign
 * code goes to this phone, so a new one needs a proof that the borrower received a code on it (judgePhoneChange).
 */
@CommandHandler(UpdateMyProfile)
export class UpdateMyProfileHandler implements ICommandHandler<UpdateMyProfile> {
  constructor(
    private readonly users: UsersRepository,
    private readonly proofs: PhoneProofs,
  ) {}

  async execute({ caller, change, phoneProof }: UpdateMyProfile) {
    const current = await this.users.findById(caller.id);
    if (!current) throw unauthenticated('This account no longer exists.');
    const { phone, ...rest } = change;
    let update: { name?: string; phone?: string } = rest;
    if (phone !== undefined) {
      const verdict = judgePhoneChange(current.phone ?? null, phone, this.presented(phoneProof));
      if (verdict.outcome === 'refused') throw phoneChangeNotVerified(verdict.message);
      if (verdict.outcome === 'change') update = { ...rest, phone: verdict.phone };
    }
    let user;
    try {
      user = await this.users.update(caller.id, update);
    } catch (error) {
      rethrowAsAlreadyInUse(error);
    }
    if (!user) throw unauthenticated('This account no longer exists.');
    return publicUser(user, caller.permissions);
  }

  private presented(proof: string | undefined): PresentedProof {
    if (!proof) return { kind: 'none' };
    try {
      return { kind: 'proves', phone: this.proofs.verifiedPhone(proof, 'phone') };
    } catch {
      return { kind: 'invalid' };
    }
  }
}
