import { inOneForm } from '../../platform/phone/phone-number.js';

/** What the proof presented with a phone change says: none given, one that does not verify, or the phone it proves. */
export type PresentedProof = { kind: 'none' } | { kind: 'invalid' } | { kind: 'proves'; phone: string };

export type PhoneChangeVerdict = { outcome: 'unchanged' } | { outcome: 'change'; phone: string } | { outcome: 'refused'; message: string };

/**
 * A borrower's phone receives the e-sign code, so a new phone must be proven with a code sent to it (purpose
 * `phone`): a session alone cannot re-point it. The same number written another way ("98765 43210" for
 * "+919876543210") is no change and needs no proof. The phone kept is the proven one, in its normalized form.
 */
export function judgePhoneChange(current: string | null, requested: string, proof: PresentedProof): PhoneChangeVerdict {
  const wanted = inOneForm(requested);
  if (current !== null && inOneForm(current) === wanted) return { outcome: 'unchanged' };
  switch (proof.kind) {
    case 'none':
      return {
        outcome: 'refused',
        message: `Verify ${wanted} first: ask for a code for it (purpose phone), enter it, and send the proof with the change.`,
      };
    case 'invalid':
      return { outcome: 'refused', message: 'This proof is not valid (expired, or for another purpose): verify the new number again.' };
    case 'proves':
      return proof.phone === wanted
        ? { outcome: 'change', phone: wanted }
        : { outcome: 'refused', message: `This proof is for another number, not ${wanted}: verify ${wanted} itself.` };
  }
}
