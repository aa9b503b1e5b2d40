import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
import { AccountMessages } from '../public/account-messages.port.js';
import { UsersRepository } from '../users/users.repository.js';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that address, we have sent it a link to choose a new password.';

export class RequestPasswordReset extends Command<{ message: string }> {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {
    super();
  }
}

/**
 * Sends a single-use, expiring link to /Auth/confirm-password/{id}. The answer is the same whether or not the
 * address has an account, so the form cannot be used to find out who is a customer.
 *
 * The token is a secret of the email, not part of its text: the email log stores and shows
 * `/Auth/confirm-password/[redacted]`, and only the message the worker hands to SMTP carries the token (sealed until
 * then, deleted once sent, gone when the link expires). Staff who read the log cannot use the link. The message is
 * the active 'password-reset' email template (or the shipped one when staff have deactivated it), which
 * communications sends through identity's AccountMessages port.
 */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly messages: AccountMessages,
    private readonly limits: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ email, ip }: RequestPasswordReset) {
    await this.limits.consume('password-resets-ip', ip);
    await this.limits.consume('password-resets', email.toLowerCase());
    const user = await this.users.findByEmail(email);
    if (user && user.status === 'active') {
      const minutes = this.config.passwordResetTtlMinutes;
      const { token, expiresAt } = await this.resets.create(user.id, minutes);
      await this.messages.sendPasswordReset({
        userId: user.id,
        email: user.email,
        name: user.name,
        token,
        expiresAt,
        validForMinutes: minutes,
      });
    }
    return { message: RESET_REQUESTED_MESSAGE };
  }
}
