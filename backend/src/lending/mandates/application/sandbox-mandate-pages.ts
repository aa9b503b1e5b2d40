import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { formatMoneyCode } from '../../../platform/format/format.js';
import { signWebhook } from '../../../platform/webhooks/webhook-signature.js';
import { MandateNotFound, PresentationNotFound } from '../domain/mandate.errors.js';
import { ReceiveMandateWebhookCommand } from './receive-mandate-webhook.handler.js';

/** Where the provider sends the borrower back after authorising: the portal's loan page, whose auto-debit section shows the outcome. */
export const mandateReturnUrlOf = (loanId: string, mandateId: string) =>
  `/User/Loans/${encodeURIComponent(loanId)}?mandateId=${encodeURIComponent(mandateId)}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A UMRN-shaped reference (20 characters: a bank code and digits), the same for the same mandate. */
const umrnOf = (mandateId: string) =>
  `SNDB${BigInt(`0x${createHash('sha256').update(mandateId).digest('hex').slice(0, 15)}`)
    .toString()
    .padStart(16, '0')
    .slice(0, 16)}`;

/**
 * The sandbox provider's pages: the mandate authorisation (Approve or Fail, as a bank's net banking or debit card
 * page would end) and a presentation's result (Succeed or Bounce with a reason code, as the sponsor bank's return
 * file would say). Each sends, server-side, the signed webhook a real provider would send, through the same handler
 * as POST /api/mandates/webhooks/sandbox. Off (not found) in production unless PAYMENT_SANDBOX=true.
 */
@Injectable()
export class SandboxMandatePages {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
  ) {}

  async page(mandateId: string): Promise<string> {
    const mandate = await this.mandate(mandateId);
    const id = escapeHtml(mandateId);
    const max = escapeHtml(formatMoneyCode(Number(mandate.max_amount), this.config.product.currency));
    const kind = mandate.kind === 'e-nach' ? 'e-NACH' : 'UPI AutoPay';
    const actions =
      mandate.status === 'pending'
        ? `<form method="post" action="/api/mandates/sandbox/${id}/approve"><button type="submit" class="pay">Authorise</button></form>
    <form method="post" action="/api/mandates/sandbox/${id}/fail"><button type="submit">Fail</button></form>`
        : `<p>This mandate is already <strong>${escapeHtml(mandate.status)}</strong>.</p><p><a href="${escapeHtml(mandateReturnUrlOf(mandate.loan_id, mandateId))}">Back to the lender</a></p>`;
    return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox mandate authorisation</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; color: #111; margin: 0; padding: 1rem; }
    main { max-width: 28rem; margin: 2rem auto; }
    form { display: inline-block; margin: 0 .5rem .5rem 0; }
    button { font: inherit; padding: .6rem 1.2rem; border: 2px solid #1f3a5f; border-radius: 4px; background: #fff; color: #1f3a5f; cursor: pointer; }
    button.pay { background: #1f3a5f; color: #fff; }
    button:focus-visible { outline: 3px solid #e0a100; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>Sandbox ${escapeHtml(kind)} mandate</h1>
    <p>A test authorisation: no bank is involved. Choose what the bank reports.</p>
    <dl><dt>Mandate</dt><dd>${id}</dd><dt>Maximum per debit</dt><dd>${max}</dd><dt>Frequency</dt><dd>${escapeHtml(mandate.frequency)}</dd>
    <dt>Valid</dt><dd>${escapeHtml(mandate.valid_from)} to ${escapeHtml(mandate.valid_until)}</dd></dl>
    ${actions}
  </main>
</body>
</html>`;
  }

  /** Sends the signed registration webhook for this outcome and answers where to send the browser. */
  async authorise(mandateId: string, outcome: 'registered' | 'failed'): Promise<string> {
    const mandate = await this.mandate(mandateId);
    if (mandate.status === 'pending') {
      await this.send({
        about: 'mandate',
        mandateId,
        status: outcome,
        providerReference: outcome === 'registered' ? umrnOf(mandateId) : '',
        ...(outcome === 'failed' && { reason: 'Authorisation declined at the bank' }),
      });
    }
    return mandateReturnUrlOf(mandate.loan_id, mandateId);
  }

  /**
   * The borrower cancels the mandate at their bank (net banking, or their UPI app): the provider's signed notice
   * `{about: "mandate", status: "cancelled"}`, sent for an active or paused mandate only, as a bank would.
   */
  async cancelAtBank(mandateId: string): Promise<{ mandateId: string; status: string }> {
    const mandate = await this.mandate(mandateId);
    if (mandate.status === 'active' || mandate.status === 'paused') {
      await this.send({
        about: 'mandate',
        mandateId,
        status: 'cancelled',
        providerReference: mandate.provider_reference ?? umrnOf(mandateId),
        reason: 'Cancelled by the customer at the bank',
      });
    }
    return { mandateId, status: (await this.mandate(mandateId)).status };
  }

  /** The bank's result of a presentation, as the sponsor bank's return file would give it. */
  async result(
    presentationId: string,
    outcome: 'succeeded' | 'bounced',
    reasonCode?: string,
  ): Promise<{ presentationId: string; status: string }> {
    const presentation = await this.presentation(presentationId);
    if (presentation.status === 'presented' || presentation.status === 'submitted') {
      await this.send({
        about: 'presentation',
        presentationId,
        status: outcome,
        amount: Number(presentation.amount),
        providerReference: `sandbox_utr_${createHash('sha256').update(presentationId).digest('hex').slice(0, 12)}`,
        ...(outcome === 'bounced' && { reasonCode: reasonCode ?? 'INSUFFICIENT_FUNDS' }),
      });
    }
    const after = await this.presentation(presentationId);
    return { presentationId, status: after.status };
  }

  private async send(body: object): Promise<void> {
    const secret = this.config.payments.webhookSecret;
    if (secret === undefined) return;
    const rawBody = Buffer.from(JSON.stringify(body));
    await this.commands.execute(new ReceiveMandateWebhookCommand(rawBody, { 'x-signature': signWebhook(rawBody, secret) }));
  }

  private async mandate(mandateId: string) {
    if (!this.config.payments.sandbox) throw new MandateNotFound('', mandateId);
    const row = await this.db.selectFrom('mandates').selectAll().where('id', '=', mandateId).executeTakeFirst();
    if (!row) throw new MandateNotFound('', mandateId);
    return row;
  }

  private async presentation(presentationId: string) {
    if (!this.config.payments.sandbox) throw new PresentationNotFound('', presentationId);
    const row = await this.db.selectFrom('mandate_presentations').selectAll().where('id', '=', presentationId).executeTakeFirst();
    if (!row) throw new PresentationNotFound('', presentationId);
    return row;
  }
}
