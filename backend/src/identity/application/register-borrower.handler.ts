import { randomUUID } from 'node:crypto';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { SessionStarter, type SignInContext } from '../sessions/session-starter.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { DuplicateUser, UsersRepository } from '../users/users.repository.js';
import type { SignInResult } from './log-in.handler.js';
import { alreadyRegistered } from '../domain/identity.errors.js';

export class RegisterBorrower extends Command<SignInResult> {
  constructor(
    readonly input: { name: string; email: string; phone: string; password: string },
    readonly context: SignInContext,
  ) {
    super();
  }
}

@CommandHandler(RegisterBorrower)
export class RegisterBorrowerHandler implements ICommandHandler<RegisterBorrower> {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStarter,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, context }: RegisterBorrower): Promise<SignInResult> {
    await this.limits.consume('registrations-ip', context.ip ?? 'unknown');
    try {
      const user = await this.users.insert({
        id: randomUUID(),
        role: 'borrower',
        name: input.name,
        email: input.email.toLowerCase(),
        phone: input.phone,
        passwordHash: await this.hasher.hash(input.password),
      });
      return await this.sessions.start(user, context);
    } catch (error) {
      if (error instanceof DuplicateUser) throw alreadyRegistered(error.field);
      throw error;
    }
  }
}
