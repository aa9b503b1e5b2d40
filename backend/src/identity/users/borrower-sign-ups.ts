import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { accountDisabled } from '../auth/auth.errors.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { alreadyRegistered } from '../domain/identity.errors.js';
import { BorrowerSignUp, type SignedUp, type SignUpContext } from '../public/borrower-sign-up.port.js';
import { SessionStarter } from '../sessions/session-starter.js';
import { PasswordHasher } from './password-hasher.js';
import { DuplicateUser, UsersRepository } from './users.repository.js';

/** BorrowerSignUp over identity's users, sessions and limits: the same steps as registration and login. */
@Injectable()
export class BorrowerSignUps extends BorrowerSignUp {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStarter,
    private readonly limits: RateLimiter,
    private readonly tokens: TokenIssuer,
  ) {
    super();
  }

  async signUp(input: { name: string; email: string; phone: string; password: string }, context: SignUpContext): Promise<SignedUp> {
    await this.limits.consume('registrations-ip', context.ip ?? 'unknown');
    try {
      const user = await this.users.insert({ id: randomUUID(), role: 'borrower', name: input.name, email: input.email.toLowerCase(), phone: input.phone, passwordHash: await this.hasher.hash(input.password) });
      return await this.sessions.start(user, context);
    } catch (error) {
      if (error instanceof DuplicateUser) throw alreadyRegistered(error.field);
      throw error;
    }
  }

  async signInCreated(borrowerId: string, context: SignUpContext): Promise<SignedUp> {
    const user = await this.users.findById(borrowerId);
    if (!user || user.role !== 'borrower' || user.status !== 'active') throw accountDisabled();
    return this.sessions.start(user, context);
  }

  setSessionCookie(res: Response, token: string): void {
    this.tokens.setCookie(res, token);
  }

  limitQuickStart(ip: string): Promise<void> {
    return this.limits.consume('quick-start-ip', ip);
  }
}
