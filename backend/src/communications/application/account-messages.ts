import { Inject, Injectable } from '@nestjs/common';
import {
  AccountMessages,
  type EmailVerificationMessage,
  type OneTimeCodeMessage,
  type OtpPurpose,
  type PasswordResetMessage,
} from '../../identity/public/index.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { secretRef } from '../domain/email-secrets.js';
import { SMS_SENDER, type SmsSender } from '../sms-sender/sms-sender.port.js';
import { TemplatedEmails } from './emails/templated-emails.js';

const PURPOSE_TEXT: Record<OtpPurpose, string> = {
  'quick-start': 'to continue your loan application',
  'e-sign': 'to sign your loan agreement',
  phone: 'to verify your phone',
};

/**
 * Identity's AccountMessages, worded and sent here: a one-time code by SMS, and the password reset with the active
 * 'password-reset' template (or the shipped one when staff deactivated it), its link's token a secret of the email,
 * and the email verification code with the 'email-verification' template, the code a secret of the email likewise.
 */
@Injectable()
export class OutboxAccountMessages implements AccountMessages {
  constructor(
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly emails: TemplatedEmails,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendOneTimeCode({ phone, code, purpose, validForMinutes }: OneTimeCodeMessage): Promise<void> {
    await this.sms.send({
      to: phone,
      body: `${code} is your Open Lending code ${PURPOSE_TEXT[purpose]}. It expires in ${validForMinutes} minutes. Never share it.`,
      sensitive: true,
      purpose,
    });
  }

  async sendPasswordReset({ userId, email, name, token, expiresAt, validForMinutes }: PasswordResetMessage): Promise<void> {
    await this.emails.send({
      event: 'password-reset',
      kind: 'product',
      to: email,
      userId,
      variables: {
        name,
        resetLink: `${this.config.publicUrl}/Auth/confirm-password/${secretRef('reset-token')}`,
        expiresInMinutes: String(validForMinutes),
      },
      secretBearing: ['resetLink'],
      secrets: { 'reset-token': token },
      secretsExpireAt: expiresAt,
    });
  }

  async sendEmailVerificationCode({ userId, email, name, code, expiresAt, validForMinutes }: EmailVerificationMessage): Promise<void> {
    await this.emails.send({
      event: 'email-verification',
      kind: 'product',
      to: email,
      userId,
      variables: { name, code: secretRef('verification-code'), expiresInMinutes: String(validForMinutes) },
      secretBearing: ['code'],
      secrets: { 'verification-code': code },
      secretsExpireAt: expiresAt,
    });
  }
}
