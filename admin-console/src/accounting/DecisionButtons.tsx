import { Stack } from '@mui/material';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { CommandButton } from '../payments/CommandButton';
import { BOOKS_DECISIONS } from './decisions';

type Props = {
  /** Which request: a manual entry or a period close. */
  of: 'entry' | 'close';
  approved: string;
  rejected: string;
  decide(decision: 'approve' | 'reject', reason?: string): Promise<unknown>;
};

/** The checker's pair on a books request: approve, or reject with a reason (each confirmed in its dialog). */
export function DecisionButtons({ of, approved, rejected, decide }: Props) {
  return (
    <Stack direction="row" spacing={1}>
      <CommandButton
        spec={BOOKS_DECISIONS[`approve-${of}`]}
        currency={DEFAULT_CURRENCY}
        size="small"
        done={approved}
        run={() => decide('approve')}
      />
      <CommandButton
        spec={BOOKS_DECISIONS[`reject-${of}`]}
        currency={DEFAULT_CURRENCY}
        size="small"
        variant="outlined"
        done={rejected}
        run={(body) => decide('reject', String(body.reason))}
      />
    </Stack>
  );
}
