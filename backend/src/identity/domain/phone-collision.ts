/**
 * Phones the 0037 migration could not put in one form (docs/operations.md "Phones in one form"): accounts whose
 * phones read as the same number (`collision`), or a phone that does not read as a number (`unreadable`). Staff
 * resolve each listed account: `keep` gives it the number in E.164 (only once no other account holds or reads as
 * it: clear theirs first), `clear` removes its phone (the borrower signs in by email and proves a number in the
 * profile). Pure rules; the handler brings the facts.
 */
export type PhoneCollisionReason = 'collision' | 'unreadable';
export type PhoneCollisionAction = 'keep' | 'clear';

export type ListedPhone = { reason: PhoneCollisionReason; normalizedPhone: string | null; resolvedAt: Date | null };

export type PhoneCollisionVerdict =
  | { outcome: 'resolve'; phone: string | null; resolution: 'kept' | 'cleared' }
  | { outcome: 'refused'; kind: 'conflict' | 'invalid'; message: string };

export function judgePhoneCollision(listed: ListedPhone, action: PhoneCollisionAction, otherHolders: number): PhoneCollisionVerdict {
  if (listed.resolvedAt !== null) return { outcome: 'refused', kind: 'conflict', message: 'This phone was already resolved.' };
  if (action === 'clear') return { outcome: 'resolve', phone: null, resolution: 'cleared' };
  if (listed.normalizedPhone === null)
    return {
      outcome: 'refused',
      kind: 'invalid',
      message: 'This phone does not read as a number, so there is nothing to keep: clear it instead.',
    };
  if (otherHolders > 0) {
    const accounts = otherHolders === 1 ? 'another account holds' : `${otherHolders} other accounts hold`;
    return {
      outcome: 'refused',
      kind: 'conflict',
      message: `${accounts} ${listed.normalizedPhone} too: clear theirs first, then keep this one.`,
    };
  }
  return { outcome: 'resolve', phone: listed.normalizedPhone, resolution: 'kept' };
}
