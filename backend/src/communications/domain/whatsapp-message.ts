import { ChannelInputRefused, WhatsappWindowClosed } from './channel.errors.js';
import type { WhatsappWindow } from './whatsapp-window.js';

/** A template approved with the provider: its body names positional parameters {{1}}, {{2}}, … in `parameters` order. */
export type ApprovedTemplate = { name: string; body: string; parameters: readonly string[]; approved: boolean };

/** What staff ask to send: free text, or an approved template with its parameter values. */
export type OutboundRequest =
  { text: string } | { template: ApprovedTemplate | undefined; templateName: string; parameters: readonly string[] };

export const MAX_WHATSAPP_TEXT = 4096;
export const MAX_TEMPLATE_PARAMETER = 200;

/** The body the borrower will read: the template with its parameters put in place. */
export function renderTemplate(template: ApprovedTemplate, parameters: readonly string[]): string {
  return template.body.replace(/\{\{(\d+)\}\}/g, (_all, n: string) => parameters[Number(n) - 1] ?? '');
}

/**
 * Decides an outbound message: free text only while the window is open; a template at any time, if approved and
 * given exactly its parameters (each one line of at most 200 characters, as the providers require).
 */
export function decideOutbound(request: OutboundRequest, window: WhatsappWindow): { body: string; templateName: string | null } {
  if ('text' in request) {
    const text = request.text.trim();
    if (text.length === 0 || text.length > MAX_WHATSAPP_TEXT)
      throw new ChannelInputRefused([{ name: 'text', message: `text must be 1 to ${MAX_WHATSAPP_TEXT} characters` }]);
    if (!window.open) throw new WhatsappWindowClosed(window.closesAt);
    return { body: text, templateName: null };
  }
  const { template, templateName, parameters } = request;
  if (!template || !template.approved)
    throw new ChannelInputRefused([{ name: 'templateName', message: `${templateName} is not an approved template` }]);
  const problems = parameters.flatMap((value, index) =>
    value.trim().length === 0 || value.length > MAX_TEMPLATE_PARAMETER || /[\r\n\t]/.test(value)
      ? [{ name: `parameters.${index}`, message: `each parameter must be one line of 1 to ${MAX_TEMPLATE_PARAMETER} characters` }]
      : [],
  );
  if (parameters.length !== template.parameters.length) {
    problems.push({
      name: 'parameters',
      message: `${template.name} takes ${template.parameters.length} parameters (${template.parameters.join(', ')})`,
    });
  }
  if (problems.length > 0) throw new ChannelInputRefused(problems);
  return {
    body: renderTemplate(
      template,
      parameters.map((p) => p.trim()),
    ),
    templateName: template.name,
  };
}
