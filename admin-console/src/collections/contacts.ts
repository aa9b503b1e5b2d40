import type { RecordContactBody } from './types';

/** The contact log's choices (POST /api/admin/loans/:id/contacts). */
export const CONTACT_CHANNELS = [
  { id: 'call', name: 'Phone call' },
  { id: 'sms', name: 'SMS' },
  { id: 'whatsapp', name: 'WhatsApp' },
  { id: 'email', name: 'Email' },
  { id: 'visit', name: 'Visit' },
] as const satisfies readonly { id: RecordContactBody['channel']; name: string }[];

export const PROMISED_TO_PAY = 'promised-to-pay';

export const CONTACT_OUTCOMES = [
  { id: PROMISED_TO_PAY, name: 'Promised to pay' },
  { id: 'no-answer', name: 'No answer' },
  { id: 'callback', name: 'Asked to call back' },
  { id: 'refused', name: 'Refused to pay' },
  { id: 'wrong-number', name: 'Wrong number' },
  { id: 'paid', name: 'Says already paid' },
  { id: 'answered', name: 'Answered' },
  { id: 'message-sent', name: 'Message sent' },
] as const satisfies readonly { id: RecordContactBody['outcome']; name: string }[];

const label = (choices: readonly { id: string; name: string }[], id: string) => choices.find((c) => c.id === id)?.name ?? id;
export const channelLabel = (id: string) => label(CONTACT_CHANNELS, id);
export const outcomeLabel = (id: string) => label(CONTACT_OUTCOMES, id);

export type ContactDraft = { channel: string; outcome: string; note: string; promiseToPayOn: string };

/** The form's own checks before it is sent (the server checks again and its field errors are shown the same way). */
export function validateContact(draft: ContactDraft, today?: string): Partial<Record<keyof ContactDraft, string>> {
  const errors: Partial<Record<keyof ContactDraft, string>> = {};
  if (!CONTACT_CHANNELS.some((c) => c.id === draft.channel)) errors.channel = 'Choose how the borrower was contacted.';
  if (!CONTACT_OUTCOMES.some((c) => c.id === draft.outcome)) errors.outcome = 'Choose the outcome.';
  if (draft.outcome === PROMISED_TO_PAY && !draft.promiseToPayOn) errors.promiseToPayOn = 'A promise to pay needs the date promised.';
  else if (draft.outcome === PROMISED_TO_PAY && today && draft.promiseToPayOn < today)
    errors.promiseToPayOn = 'The promised date cannot be in the past.';
  if (draft.note.length > 2000) errors.note = 'At most 2,000 characters.';
  return errors;
}

/** The request body of a draft validateContact accepted: the note and date only when given (the date only for a promise). */
export function contactBody(draft: ContactDraft): RecordContactBody {
  return {
    channel: draft.channel as RecordContactBody['channel'],
    outcome: draft.outcome as RecordContactBody['outcome'],
    ...(draft.note.trim() ? { note: draft.note.trim() } : {}),
    ...(draft.outcome === PROMISED_TO_PAY && draft.promiseToPayOn ? { promiseToPayOn: draft.promiseToPayOn } : {}),
  };
}

/** The server's field problems (problem+json `fields`) by field name, for the inputs they belong to. */
export function fieldErrors(body: unknown): Record<string, string> {
  const fields = (body as { fields?: { name: string; message: string }[] } | null | undefined)?.fields;
  return Object.fromEntries((fields ?? []).map((f) => [f.name.replace(/^body\./, ''), f.message]));
}
