import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../platform/clock.js';
import { accountDisabled } from '../auth/auth.errors.js';
import { SessionStarter, type SignInContext } from '../sessions/session-starter.js';
import { BorrowerSocialIdentities, socialDisplayName } from '../social/borrower-social-identities.js';
import type { SocialIdentity } from '../social/id-token-verifier.port.js';
import type { UserRecord } from '../users/user.record.js';
import { DuplicateUser, UsersRepository } from '../users/users.repository.js';
import type { SignInResult } from './log-in.handler.js';
import { alreadyLinked, emailNotVerified, socialEmailMissing } from '../domain/identity.errors.js';

export class SignInWithFirebase extends Command<SignInResult & { created: boolean }> {
  constructor(
    readonly idToken: string,
    readonly context: SignInContext,
  ) {
    super();
  }
}

/**
 * Exchanges a Firebase ID token for our own. The Firebase uid finds the user; failing that, a verified email joins
 * the social identity to the account with that email (one person, one user); failing that, a new borrower account.
 * An unverified email never joins an existing account: anyone can claim an address at some providers.
 *
 * Never a staff account: staff sign in with their password only. A Firebase identity whose uid, email (verified or
 * not) or phone number belongs to a staff member is refused (forbidden) before anything is linked, created or started.
 */
@CommandHandler(SignInWithFirebase)
export class SignInWithFirebaseHandler implements ICommandHandler<SignInWithFirebase> {
  constructor(
    private readonly identities: BorrowerSocialIdentities,
    private readonly users: UsersRepository,
    private readonly sessions: SessionStarter,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ idToken, context }: SignInWithFirebase) {
    const identity = await this.identities.verify(idToken);
    const found = await this.findOrCreate(identity);
    const user = await this.withProvenEmail(found.user, identity);
    if (user.status !== 'active') throw accountDisabled();
    return { ...(await this.sessions.start(user, context)), created: found.created };
  }

  /** A token saying this very email is verified proves it (migration 0060): the account's email turns verified. */
  private async withProvenEmail(user: UserRecord, identity: SocialIdentity): Promise<UserRecord> {
    if (user.emailVerifiedAt || !identity.emailVerified || identity.email?.toLowerCase() !== user.email.toLowerCase()) return user;
    const at = this.clock.now();
    return (await this.users.markEmailVerified(user.id, user.email, at)) ? { ...user, emailVerifiedAt: at } : user;
  }

  private async findOrCreate(identity: SocialIdentity): Promise<{ user: UserRecord; created: boolean }> {
    const linked = await this.users.findByFirebaseUid(identity.uid);
    if (linked) return { user: linked, created: false };
    if (!identity.email) {
      throw socialEmailMissing();
    }
    const existing = await this.users.findByEmail(identity.email);
    if (existing) {
      if (!identity.emailVerified) {
        throw emailNotVerified();
      }
      if (existing.firebaseUid && existing.firebaseUid !== identity.uid) {
        throw alreadyLinked();
      }
      return { user: (await this.users.update(existing.id, { firebaseUid: identity.uid }))!, created: false };
    }
    try {
      const user = await this.users.insert({
        id: randomUUID(),
        role: 'borrower',
        name: socialDisplayName(identity, identity.email.split('@')[0]),
        email: identity.email,
        phone: null,
        passwordHash: null,
        firebaseUid: identity.uid,
      });
      return { user, created: true };
    } catch (error) {
      // Two first sign-ins at once: the other one created the account.
      if (error instanceof DuplicateUser)
        return {
          user: (await this.users.findByFirebaseUid(identity.uid)) ?? (await this.users.findByEmail(identity.email))!,
          created: false,
        };
      throw error;
    }
  }
}
