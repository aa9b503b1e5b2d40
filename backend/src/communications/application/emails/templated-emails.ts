import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import type { EmailSecrets } from '../../domain/email-secrets.js';
import { shippedTemplate } from '../../domain/shipped-templates.js';
import { templateEvent } from '../../domain/template-events.js';
import { neutralize, renderTemplate } from '../../domain/template-rules.js';
import { EmailOutbox } from './email-outbox.js';
import { EmailTemplatesRepository } from './email-templates.repository.js';

export type TemplatedEmail = {
  /** A key of the template catalogue (domain/template-events.ts). */
  event: string;
  to: string;
  userId?: string;
  /** Every variable of the event except portalUrl, which is filled in here. */
  variables: Record<string, string>;
  /** Variables whose value may hold a `{{secret:…}}` placeholder (a reset link); every other value is neutralized. */
  secretBearing?: readonly string[];
  secrets?: EmailSecrets;
  secretsExpireAt?: Date;
  /**
   * `product`: an email the product must send (password reset, the agreement's e-sign link, collection reminders):
   * with no active template, the shipped default is used (recorded as template source `shipped`). `optional`: with
   * no active template, staff turned this email off and nothing is sent.
   */
  kind: 'product' | 'optional';
  /**
   * Builds the email's idempotency key from the template's id (a subscription: event position + template); for the
   * shipped default the id is `shipped:<event>`.
   */
  dedupeKey?: (templateId: string) => string;
  /** Send only if the active template existed when this happened (a new template does not write about the past). */
  happenedAt?: Date;
};

/**
 * How the product sends an email of an event: the event's active template (or the shipped default for the
 * product's own emails), rendered with the event's variables, recorded with its template version, and handed to the
 * outbox (and so to the `email` queue and the send-email job).
 */
@Injectable()
export class TemplatedEmails {
  constructor(
    private readonly templates: EmailTemplatesRepository,
    private readonly outbox: EmailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(email: TemplatedEmail): Promise<{ id: string } | undefined> {
    const event = templateEvent(email.event);
    if (!event) throw new Error(`No email template event is called ${email.event}`);
    const active = await this.templates.activeFor(email.event);
    if (active && email.happenedAt && new Date(active.created_at) > email.happenedAt) return undefined;
    const source = active ?? (email.kind === 'product' ? shippedTemplate(email.event) : undefined);
    if (!source) return undefined;
    const trusted = new Set(email.secretBearing ?? []);
    const variables = Object.fromEntries(
      Object.entries({ portalUrl: this.config.publicUrl, ...email.variables }).map(([name, value]) => [
        name,
        trusted.has(name) ? value : neutralize(value),
      ]),
    );
    const rendered = renderTemplate(source, variables);
    return this.outbox.send({
      to: email.to,
      userId: email.userId,
      template: email.event,
      ...(active ? { templateRef: { id: active.id, version: active.version } } : {}),
      templateSource: active ? 'active' : 'shipped',
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      secrets: email.secrets,
      secretsExpireAt: email.secretsExpireAt,
      ...(email.dedupeKey ? { dedupeKey: email.dedupeKey(active ? active.id : `shipped:${email.event}`) } : {}),
    });
  }
}
