import { erasedWhat, erasurePlan, type ErasablePart, type KeptLine, type RetentionDuty } from '../domain/retention.js';

/** What an erasure would do today: the parts it erases and those it keeps, why and until when. */
export type ErasurePlanView = { duty: RetentionDuty; erase: { part: ErasablePart; what: string }[]; kept: KeptLine[] };

export function erasurePlanView(duty: RetentionDuty): ErasurePlanView {
  const { erase, kept } = erasurePlan(duty);
  return { duty, erase: erase.map((part) => ({ part, what: erasedWhat(part) })), kept };
}
