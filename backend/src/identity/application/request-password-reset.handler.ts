import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EmailOutbox, secretRef } from '../../communications/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { RateLimiter } from '../abuse/rate-limiter.js';
import { PasswordResetsRepository } from '../passwords/password-resets.repository.js';
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
 * then, deleted once sent, gone when the link expires). Staff who read the log cannot use the link.
 */
@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    private readonly users: UsersRepository,
    private readonly resets: PasswordResetsRepository,
    private readonly outbox: EmailOutbox,
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
      const link = `${this.config.publicUrl}/Auth/confirm-password/${secretRef('reset-token')}`;
      await this.outbox.send({
        to: user.email,
        userId: user.id,
        template: 'password-reset',
        secrets: { 'reset-token': token },
        secretsExpireAt: expiresAt,
        subject: 'Choose a new password',
        text: [
          `Hello ${user.name},`,
          '',
          'Someone (we hope you) asked to reset the password of your account. Open this link to choose a new one:',
          link,
          '',
          `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
        ].join('\n'),
        html: `<p>Hello ${escapeHtml(user.name)},</p><p>Someone (we hope you) asked to reset the password of your account.</p><p><a href="${link}">Choose a new password</a></p><p>The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.</p>`,
      });
    }
    return { message: RESET_REQUESTED_MESSAGE };
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
