import { Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePermissions } from 'react-admin';
import { canAccess, type Permissions } from '../permissions/canAccess';
import type { LoanAction } from '../providers/dataProvider';
import { ActionDialog } from './ActionDialog';
import { ACTIONS, STAFF_ACTIONS } from './actions';
import type { AdminLoan as Loan } from '@lending/web-common/api';
import { useLoanAction } from './useLoanAction';

/** Actions the loan's state allows (the API's allowedActions) that this staff member's permissions permit. */
export function availableActions(loan: Pick<Loan, 'allowedActions'>, permissions: Permissions | undefined): LoanAction[] {
  return STAFF_ACTIONS.filter((action) => loan.allowedActions.includes(action) && canAccess(permissions, action, 'loans'));
}

/** The account a payout must go to (RBI fund flow, issue 33): the one approve-bank verified, as the disbursal dialog shows it. */
export function verifiedAccountLine(loan: Pick<Loan, 'bankAccountLast4' | 'bankVerification'>): string {
  if (!loan.bankAccountLast4) return 'No verified bank account on this loan: the payout will be refused.';
  const ifsc = loan.bankVerification?.ifsc;
  return `Pay only to the verified account: ending ${loan.bankAccountLast4}${ifsc ? `, IFSC ${ifsc}` : ''}.`;
}

export function LoanActions({ loan }: { loan: Loan }) {
  const { permissions } = usePermissions<Permissions>();
  const [open, setOpen] = useState<{ action: LoanAction; key: string } | null>(null);
  const mutation = useLoanAction();
  const actions = availableActions(loan, permissions);

  if (actions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {loan.allowedActions.length === 0
          ? 'No further action: this loan is ' + loan.state + '.'
          : 'Nothing for you to do here: the next step is the borrower’s or needs a permission you do not hold.'}
      </Typography>
    );
  }

  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'reject' ? 'outlined' : 'contained'}
          color={ACTIONS[action].color}
          onClick={() => {
            mutation.reset();
            // One key per intended action: a retry after a timeout cannot apply it twice.
            setOpen({ action, key: crypto.randomUUID() });
          }}
        >
          {ACTIONS[action].label}
        </Button>
      ))}
      {open ? (
        <ActionDialog
          key={open.key}
          spec={ACTIONS[open.action]}
          open
          subject={open.action === 'disburse' ? verifiedAccountLine(loan) : undefined}
          busy={mutation.isPending}
          error={mutation.error?.message ?? null}
          onCancel={() => setOpen(null)}
          onConfirm={(values) =>
            mutation.mutate(
              { id: loan.id, action: open.action, body: ACTIONS[open.action].body(values, loan.currency), idempotencyKey: open.key },
              { onSuccess: () => setOpen(null) },
            )
          }
        />
      ) : null}
    </Stack>
  );
}
