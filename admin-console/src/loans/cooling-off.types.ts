export type CoolingOffAmounts = {
  principal: number;
  interest: number;
  fee: number;
  alreadyPaid: number;
  amount: number;
  daysHeld: number;
  aprBasisPoints: number;
};

/** GET /admin/loans/:id/cooling-off (issue 33). */
export type CoolingOff = {
  loanId: string;
  coolingOffDays: number;
  feeRetained: boolean;
  lastDay: string | null;
  deadline: string | null;
  open: boolean;
  quote: CoolingOffAmounts | null;
  exit:
    | (CoolingOffAmounts & {
        exitId: string;
        status: 'pending' | 'open' | 'exited';
        requestedBy: string;
        requestedByRole: 'borrower' | 'staff';
        lastDay: string;
        approvedBy?: string;
        paidTowards: number;
        remaining: number;
      })
    | null;
};
