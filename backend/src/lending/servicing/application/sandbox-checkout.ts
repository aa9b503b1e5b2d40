import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DB, type Db } from '../../../platform/database/database.js';
import { formatMoneyCode } from '../../../platform/format/format.js';
import { UnknownPayment } from '../domain/payment.errors.js';
import { ReceivePaymentWebhookCommand } from './receive-payment-webhook.handler.js';
import { signWebhook } from '../../../platform/webhooks/webhook-signature.js';

/** Where the provider sends the borrower back (the portal shows the outcome). */
export const returnUrlOf = (paymentId: string) => `/User/Loans/verifypayment?paymentId=${encodeURIComponent(paymentId)}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox provider's checkout: a plain page with Pay and Fail, whose buttons make the server send the webhook a
 * real provider would send, signed with PAYMENT_WEBHOOK_SECRET, through the same handler as
 * POST /api/payments/webhooks/sandbox. Off (not found) in production unless PAYMENT_SANDBOX=true.
 */
@Injectable()
export class SandboxCheckout {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
  ) {}

  async page(paymentId: string): Promise<string> {
    const payment = await this.payment(paymentId);
    const amount = escapeHtml(formatMoneyCode(payment.amount, this.config.product.currency));
    const id = escapeHtml(paymentId);
    const open = payment.status === 'created';
    const actions = open
      ? `<form method="post" action="/api/payments/sandbox/${id}/pay"><button type="submit" class="pay">Pay ${amount}</button></form>
    <form method="post" action="/api/payments/sandbox/${id}/fail"><button type="submit">Fail</button></form>`
      : `<p>This payment is already <strong>${escapeHtml(payment.status)}</strong>.</p><p><a href="${escapeHtml(returnUrlOf(paymentId))}">Back to the lender</a></p>`;
    return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sandbox payment</title>
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
    <h1>Sandbox payment provider</h1>
    <p>A test checkout: no money moves. Choose what the provider reports for this payment.</p>
    <dl><dt>Payment</dt><dd>${id}</dd><dt>Amount</dt><dd>${amount}</dd></dl>
    ${actions}
  </main>
</body>
</html>`;
  }

  /** Sends the signed webhook for this outcome and answers where to send the browser. */
  async complete(paymentId: string, outcome: 'captured' | 'failed'): Promise<string> {
    const payment = await this.payment(paymentId);
    const secret = this.config.payments.webhookSecret;
    if (payment.status === 'created' && secret !== undefined) {
      const rawBody = Buffer.from(
        JSON.stringify({ paymentId, status: outcome, amount: payment.amount, providerReference: `sandbox_pay_${crypto.randomUUID()}` }),
      );
      await this.commands.execute(new ReceivePaymentWebhookCommand(rawBody, { 'x-signature': signWebhook(rawBody, secret) }));
    }
    return returnUrlOf(paymentId);
  }

  private async payment(paymentId: string): Promise<{ amount: number; status: string }> {
    if (!this.config.payments.sandbox) throw new UnknownPayment(paymentId);
    const row = await this.db.selectFrom('payments').select(['amount', 'status', 'channel']).where('id', '=', paymentId).executeTakeFirst();
    if (!row || row.channel !== 'online') throw new UnknownPayment(paymentId);
    return { amount: Number(row.amount), status: row.status };
  }
}
