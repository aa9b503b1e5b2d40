/**
 * Sends WhatsApp messages through a business provider. A real adapter (Meta's Cloud API: POST
 * /{phone-number-id}/messages with `type: text` or `type: template` and the template's name, language and
 * parameters; or Gupshup's /wa/api/v1/msg) maps `send` to one request and answers the provider's message id. The
 * 24-hour window and the template approval are checked before the port is called (domain/whatsapp-message.ts).
 */
export interface WhatsappProvider {
  readonly name: string;
  send(message: {
    to: string;
    body: string;
    template?: { name: string; parameters: readonly string[] };
  }): Promise<{ providerMessageId: string }>;
}

export const WHATSAPP_PROVIDER = Symbol('WHATSAPP_PROVIDER');
