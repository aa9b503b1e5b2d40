import type { LoanState } from '../api/loans';
import { STATE_LABELS, STATE_TONE } from '../lending/states';

export function StateBadge({ state }: { state: LoanState }) {
  return <span className={`badge badge--${STATE_TONE[state]}`}>{STATE_LABELS[state]}</span>;
}
