import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RateLimiter, type RateLimitRule } from '../abuse/rate-limiter.js';
import { accountDisabled } from '../auth/auth.errors.js';
import { SessionStarter, type SignInContext } from '../sessions/session-starter.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { UsersRepository } from '../users/users.repository.js';
import { invalidCredentials } from '../domain/identity.errors.js';

export type SignInResult = Awaited<ReturnType<SessionStarter['start']>>;

export class LogIn extends Command<SignInResult> {
  constructor(
    readonly input: { email?: string; phone?: string; password: string },
    readonly context: SignInContext,
  ) {
    super();
  }
}

/**
 * Every attempt is counted before its password is checked (see RateLimiter.reserve), on three counters:
 * - the account's failures, or, from a device that has signed into this account before, that device's own failures
 *   for the account, so a flood from elsewhere cannot lock the owner out of their own device (which still has its
 *   own limited tries, so a stolen device id is no master key);
 * - the address's failures;
 * - the address's successful sign-ins (each attempt holds a slot while it is checked; a wrong password gives it back).
 * A full counter refuses (too many) before anything is verified, so a locked-out guesser learns nothing, right or wrong.
 */
@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStarter,
    private readonly sessionHistory: SessionsRepository,
    private readonly limits: RateLimiter,
  ) {}

  async execute({ input, context }: LogIn): Promise<SignInResult> {
    const account = (input.email ?? input.phone ?? '').toLowerCase();
    const ip = context.ip ?? 'unknown';
    const user = await this.users.findByLogin(input);
    const knownDevice = Boolean(user && context.deviceId && (await this.sessionHistory.isKnownDevice(user.id, context.deviceId)));
    const accountCounter: [RateLimitRule, string] = knownDevice
      ? ['login-failures-device', `${user!.id}:${context.deviceId}`]
      : ['login-failures', account];

    const [accountSlot, ipFailureSlot, ipLoginSlot] = await this.limits.reserve(
      accountCounter,
      ['login-failures-ip', ip],
      ['logins-ip', ip],
    );
    let ok: boolean;
    try {
      ok = await this.hasher.verify(user?.passwordHash ?? undefined, input.password);
    } catch (error) {
      // Nothing was checked (the server is busy): no attempt is counted.
      await this.limits.release(accountSlot, ipFailureSlot, ipLoginSlot);
      throw error;
    }
    if (!user || !ok) {
      // The failure slots stay taken; the sign-in slot goes back.
      await this.limits.release(ipLoginSlot);
      throw invalidCredentials();
    }
    // The right password: not a failure of the address. The sign-in slot stays taken.
    await this.limits.release(ipFailureSlot);
    if (user.status !== 'active') {
      await this.limits.release(accountSlot);
      throw accountDisabled();
    }
    // A right password clears the failures of the counter it was admitted on. A known device clears only its own, so
    // the owner signing in on their phone does not hand an attacker a fresh set of guesses on the account.
    await this.limits.reset(accountSlot.rule, accountSlot.subject);
    return this.sessions.start(user, context);
  }
}
