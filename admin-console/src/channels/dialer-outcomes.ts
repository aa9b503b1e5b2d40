/** The outcomes a dialer call records (POST /api/admin/dialer/calls/:id/outcome), as the contact log names them. */
export const DIALER_OUTCOMES = [
  { id: 'answered', name: 'Answered' },
  { id: 'no-answer', name: 'No answer' },
  { id: 'promised-to-pay', name: 'Promise to pay' },
  { id: 'wrong-number', name: 'Wrong number' },
  { id: 'callback', name: 'Asked to call back' },
  { id: 'refused', name: 'Refused to pay' },
  { id: 'paid', name: 'Says already paid' },
] as const;

/** The dialog's own checks before sending (the server checks again, including the promised date's range). */
export function validateOutcome(draft: { outcome: string; note: string; promiseToPayOn: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!DIALER_OUTCOMES.some((o) => o.id === draft.outcome)) errors.outcome = 'Choose the outcome.';
  if (draft.outcome === 'promised-to-pay' && !draft.promiseToPayOn) errors.promiseToPayOn = 'A promise to pay needs the date promised.';
  if (draft.note.length > 2000) errors.note = 'At most 2,000 characters.';
  return errors;
}
