import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { HttpProblem } from '../../platform/http/problem.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { accountDisabled } from '../auth/auth-problems.js';
import { SessionStarter, type SignInContext } from '../sessions/session-starter.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';

export type SignInResult = Awaited<ReturnType<SessionStarter['start']>>;

export class LogIn extends Command<SignInResult> {
  constructor(
    readonly input: { email?: string; phone?: string; password: string },
    readonly context: SignInContext,
  ) {
    super();
  }
}

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStarter,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, context }: LogIn): Promise<SignInResult> {
    const account = (input.email ?? input.phone ?? '').toLowerCase();
    const ip = context.ip ?? 'unknown';
    // Checked before the password, so a locked-out guesser learns nothing more, right or wrong.
    await this.limits.assertOpen('login-failures', account);
    await this.limits.assertOpen('login-failures-ip', ip);
    const user = await this.users.findByLogin(input);
    const ok = await this.hasher.verify(user?.passwordHash ?? undefined, input.password);
    if (!user || !ok) {
      await this.limits.recordFailure('login-failures', account);
      await this.limits.recordFailure('login-failures-ip', ip);
      throw new HttpProblem(401, 'invalid-credentials', 'Sign in failed', 'The email or phone and password do not match an account.');
    }
    if (user.status !== 'active') throw accountDisabled();
    await this.limits.reset('login-failures', account);
    return this.sessions.start(user, context);
  }
}
