import { HttpProblem } from '../../platform/http/problem.js';
import type { Refusal } from './staff-policy.js';

/** Throws the policy's refusal as a problem answer; does nothing when the policy allows. */
export function throwIfRefused(refusal: Refusal | undefined): void {
  if (refusal) throw new HttpProblem(refusal.status, refusal.type, refusal.status === 403 ? 'Not allowed' : 'Conflict with the current state', refusal.detail);
}
