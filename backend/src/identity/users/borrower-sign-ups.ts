import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CookieReply } from '../../platform/http/cookies.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { accountDisabled } from '../auth/auth.errors.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { alreadyRegistered, socialAlreadyRegistered } from '../domain/identity.errors.js';
import { BorrowerSignUp, type SignedUp, type SignUpContext, type SignUpCredential } from '../public/borrower-sign-up.port.js';
import { SessionStarter } from '../sessions/session-starter.js';
import { BorrowerSocialIdentities } from '../social/borrower-social-identities.js';
import type { SocialIdentity } from '../social/id-token-verifier.port.js';
import { PasswordHasher } from './password-hasher.js';
import { DuplicateUser, UsersRepository } from './users.repository.js';

/** BorrowerSignUp over identity's users, sessions and limits: the same steps as registration, social sign-in and login. */
@Injectable()
export class BorrowerSignUps extends BorrowerSignUp {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStarter,
    private readonly limits: RateLimiter,
    private readonly tokens: TokenIssuer,
    private readonly socialIdentities: BorrowerSocialIdentities,
  ) {
    super();
  }

  async signUp(
    input: { name: string; email: string; phone: string },
    credential: SignUpCredential,
    context: SignUpContext,
  ): Promise<SignedUp> {
    await this.limits.consume('registrations-ip', context.ip ?? 'unknown');
    const social = 'idToken' in credential ? await this.unregisteredSocialIdentity(credential.idToken) : undefined;
    const login =
      'password' in credential
        ? { passwordHash: await this.hasher.hash(credential.password) }
        : { passwordHash: null, firebaseUid: social!.uid };
    try {
      const user = await this.users.insert({
        id: randomUUID(),
        role: 'borrower',
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        ...login,
      });
      // The social token saying this very email is verified proves it (migration 0060).
      if (social?.emailVerified && social.email?.toLowerCase() === user.email) {
        const at = new Date();
        if (await this.users.markEmailVerified(user.id, user.email, at))
          return await this.sessions.start({ ...user, emailVerifiedAt: at }, context);
      }
      return await this.sessions.start(user, context);
    } catch (error) {
      if (error instanceof DuplicateUser) throw alreadyRegistered(error.field);
      if ((error as { constraint?: string }).constraint === 'users_firebase_uid') throw socialAlreadyRegistered();
      throw error;
    }
  }

  /**
   * A verified social identity that has no account yet. One that has (linked, or an account with its
   * email, which social sign-in would join) signs in with it instead: one person, one user.
   */
  private async unregisteredSocialIdentity(idToken: string): Promise<SocialIdentity> {
    const identity = await this.socialIdentities.verify(idToken);
    const [linked, sameEmail] = await Promise.all([
      this.users.findByFirebaseUid(identity.uid),
      identity.email ? this.users.findByEmail(identity.email) : undefined,
    ]);
    if (linked || sameEmail) throw socialAlreadyRegistered();
    return identity;
  }

  async signInCreated(borrowerId: string, context: SignUpContext): Promise<SignedUp> {
    const user = await this.users.findById(borrowerId);
    if (!user || user.role !== 'borrower' || user.status !== 'active') throw accountDisabled();
    return this.sessions.start(user, context);
  }

  setSessionCookie(res: CookieReply, token: string): void {
    this.tokens.setCookie(res, token);
  }

  limitQuickStart(ip: string): Promise<void> {
    return this.limits.consume('quick-start-ip', ip);
  }
}
