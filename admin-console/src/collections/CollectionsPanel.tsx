import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useGetIdentity } from 'react-admin';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { useBusinessDate } from '../business-date/useBusinessDate';
import { CommandButton, SERVICING_QUERY_KEY } from '../payments/CommandButton';
import type { LendingDataProvider } from '../providers/dataProvider';
import {
  APPROVE_OFFER,
  APPROVE_WRITE_OFF,
  CLASSIFICATION_COLORS,
  CLASSIFICATION_LABELS,
  closedOfferText,
  componentsText,
  mayApprove,
  OFFER_STATUS_LABELS,
  openOffer,
  REJECT_OFFER,
  REJECT_WRITE_OFF,
  settlementOfferSpec,
  WITHDRAW_OFFER,
  WITHDRAW_WRITE_OFF,
  WRITE_OFF,
} from './settlement';
import type { SettlementOffer, WriteOff } from './types';

/** Another staff member may approve meanwhile: poll, as the loan page does. */
const REFRESH_MS = 5000;

type Props = { loanId: string; state: string; currency: string; outstandingTotal: number };

/**
 * The loan's collections: days past due and RBI classification now, every classification change close of business
 * recorded, and the maker-checker settlement and write-off (issue 13 item 5). Actions show only to staff holding
 * their permission; an approval never to the one who made or asked.
 */
export function CollectionsPanel({ loanId, state, currency, outstandingTotal }: Props) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const delinquency = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'delinquency', loanId],
    queryFn: () => dataProvider.loanDelinquency(loanId),
    refetchInterval: REFRESH_MS,
  });
  const d = delinquency.data;
  return (
    <Box data-testid="collections-panel">
      <Stack direction="row" spacing={2} alignItems="center" useFlexGap flexWrap="wrap">
        {d ? (
          <>
            <Chip
              label={CLASSIFICATION_LABELS[d.classification]}
              color={CLASSIFICATION_COLORS[d.classification]}
              data-testid="classification-chip"
            />
            <Typography variant="body2" data-testid="dpd">
              {d.dpd} day{d.dpd === 1 ? '' : 's'} past due{d.dpdOn ? ` on ${formatDate(d.dpdOn)}` : ''}
              {d.overdueSince ? `, unpaid since ${formatDate(d.overdueSince)}` : ''}
            </Typography>
          </>
        ) : delinquency.error ? (
          <Alert severity="error">{(delinquency.error as Error).message}</Alert>
        ) : null}
      </Stack>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
        Classification history
      </Typography>
      {d && d.history.length > 0 ? (
        <Table size="small" aria-label="Classification history">
          <TableHead>
            <TableRow>
              <TableCell>Date</TableCell>
              <TableCell>From</TableCell>
              <TableCell>To</TableCell>
              <TableCell align="right">Days past due</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {d.history.map((change) => (
              <TableRow key={`${change.date}-${change.to}`}>
                <TableCell>{formatDate(change.date)}</TableCell>
                <TableCell>{change.from}</TableCell>
                <TableCell>{change.to}</TableCell>
                <TableCell align="right">{change.dpd}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No change recorded: the loan has been standard throughout.
        </Typography>
      )}
      <Settlement loanId={loanId} state={state} currency={currency} outstandingTotal={outstandingTotal} />
      <WriteOffPanel loanId={loanId} state={state} currency={currency} />
    </Box>
  );
}

function Settlement({ loanId, state, currency, outstandingTotal }: Props) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data: businessDate } = useBusinessDate();
  const { identity } = useGetIdentity();
  const { canAccess: canOffer } = useCanAccess({ action: 'settle', resource: 'collections' });
  const { canAccess: canApprove } = useCanAccess({ action: 'approve-settlement', resource: 'collections' });
  const { data: offers = [] } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'settlement-offers', loanId],
    queryFn: () => dataProvider.settlementOffers(loanId),
    refetchInterval: REFRESH_MS,
  });
  const open = openOffer(offers);
  const settled = offers.find((o) => o.status === 'settled');
  const today = businessDate?.date;
  return (
    <Box sx={{ mt: 3 }} data-testid="settlement-panel">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Settlement
      </Typography>
      {settled ? (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="settlement-settled">
          Settled on {formatDate(settled.settledOn)}: {formatMoney(settled.amountPaid, currency)} paid against the agreed{' '}
          {formatMoney(settled.amount, currency)}; {formatMoney(settled.waived?.total ?? 0, currency)} waived (
          {componentsText(settled.waived, currency)}).
        </Alert>
      ) : null}
      {open ? (
        <OpenOffer
          offer={open}
          currency={currency}
          mayApproveIt={mayApprove(open.offeredBy, identity?.id, canApprove === true)}
          mine={identity !== undefined && String(identity.id) === open.offeredBy && canOffer === true}
        />
      ) : null}
      {!settled && !open && offers.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="settlement-closed">
          {closedOfferText(offers.at(-1)!, currency)}
          {offers.length > 1 ? ` (${offers.length} offers in all.)` : ''}
        </Typography>
      ) : null}
      {state === 'active' && !open && canOffer && today ? (
        <Box sx={{ mt: 1 }}>
          <CommandButton
            spec={settlementOfferSpec(currency, today, outstandingTotal)}
            currency={currency}
            variant="outlined"
            done="Settlement offered: a second staff member approves it."
            run={(body, key) => dataProvider.offerSettlement(loanId, body, key)}
          />
        </Box>
      ) : null}
      {!settled && !open && offers.length === 0 && !(state === 'active' && canOffer) ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No settlement offered.
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The open offer; while it is pending, the checker may approve or reject it (with a reason) and its maker withdraw
 * it, each after a confirmation.
 */
function OpenOffer({
  offer,
  currency,
  mayApproveIt,
  mine,
}: {
  offer: SettlementOffer;
  currency: string;
  mayApproveIt: boolean;
  mine: boolean;
}) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const pending = offer.status === 'pending';
  const actions =
    pending && (mayApproveIt || mine) ? (
      <Stack direction="row" spacing={1}>
        {mayApproveIt ? (
          <CommandButton
            spec={APPROVE_OFFER}
            currency={currency}
            size="small"
            done="Settlement approved."
            run={() => dataProvider.approveSettlementOffer(offer.id)}
          />
        ) : null}
        {mayApproveIt ? (
          <CommandButton
            spec={REJECT_OFFER}
            currency={currency}
            size="small"
            variant="outlined"
            done="Settlement offer rejected."
            run={(body) => dataProvider.rejectSettlementOffer(offer.id, body)}
          />
        ) : null}
        {mine ? (
          <CommandButton
            spec={WITHDRAW_OFFER}
            currency={currency}
            size="small"
            variant="outlined"
            done="Settlement offer withdrawn."
            run={() => dataProvider.withdrawSettlementOffer(offer.id)}
          />
        ) : null}
      </Stack>
    ) : undefined;
  return (
    <Alert severity="info" sx={{ mt: 1 }} data-testid="settlement-open" action={actions}>
      {OFFER_STATUS_LABELS[offer.status]}: {formatMoney(offer.amount, currency)} by {formatDate(offer.validUntil)}. {offer.reason}
      {pending && mine ? ' (You made this offer: a second staff member approves it.)' : ''}
    </Alert>
  );
}

function WriteOffPanel({ loanId, state, currency }: { loanId: string; state: string; currency: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { identity } = useGetIdentity();
  const { canAccess: canRequest } = useCanAccess({ action: 'write-off', resource: 'collections' });
  const { canAccess: canApprove } = useCanAccess({ action: 'approve-write-off', resource: 'collections' });
  const { data: writeOff } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'write-off', loanId],
    queryFn: () => dataProvider.writeOff(loanId),
    refetchInterval: REFRESH_MS,
  });
  if (!writeOff) return null;
  const mine = identity !== undefined && String(identity.id) === writeOff.requestedBy;
  const checker = mayApprove(writeOff.requestedBy, identity?.id, canApprove === true) && state === 'active';
  return (
    <Box sx={{ mt: 3 }} data-testid="write-off-panel">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Write-off
      </Typography>
      {writeOff.status === 'approved' ? (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="write-off-approved">
          Written off on {formatDate(writeOff.on)}: {formatMoney(writeOff.outstanding?.total ?? 0, currency)} (
          {componentsText(writeOff.outstanding, currency)}). Later payments are recoveries.
        </Alert>
      ) : writeOff.status === 'requested' ? (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          data-testid="write-off-requested"
          action={
            checker || (mine && canRequest) ? (
              <Stack direction="row" spacing={1}>
                {checker ? (
                  <CommandButton
                    spec={APPROVE_WRITE_OFF}
                    currency={currency}
                    size="small"
                    done="Loan written off."
                    run={() => dataProvider.approveWriteOff(loanId)}
                  />
                ) : null}
                {checker ? (
                  <CommandButton
                    spec={REJECT_WRITE_OFF}
                    currency={currency}
                    size="small"
                    variant="outlined"
                    done="Write-off rejected: the loan stays active."
                    run={(body) => dataProvider.rejectWriteOff(loanId, body)}
                  />
                ) : null}
                {mine && canRequest ? (
                  <CommandButton
                    spec={WITHDRAW_WRITE_OFF}
                    currency={currency}
                    size="small"
                    variant="outlined"
                    done="Write-off request withdrawn."
                    run={() => dataProvider.withdrawWriteOff(loanId)}
                  />
                ) : null}
              </Stack>
            ) : undefined
          }
        >
          A write-off waits for approval{mine ? ' by a second staff member (you asked for it)' : ''}: {writeOff.reason}
        </Alert>
      ) : state === 'active' && canRequest ? (
        <Box sx={{ mt: 1 }}>
          <ClosedWriteOff writeOff={writeOff} />
          <CommandButton
            spec={WRITE_OFF}
            currency={currency}
            variant="outlined"
            done="Write-off requested: a second staff member approves it."
            run={(body, key) => dataProvider.requestWriteOff(loanId, body, key)}
          />
        </Box>
      ) : (
        <Box sx={{ mt: 1 }}>
          <ClosedWriteOff writeOff={writeOff} />
          <Typography variant="body2" color="text.secondary">
            Not written off.
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** The last request turned down by the checker or taken back by the one who asked, if it was. */
function ClosedWriteOff({ writeOff }: { writeOff: WriteOff }) {
  if (writeOff.status === 'rejected')
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="write-off-closed">
        The last write-off request was rejected on {formatDate(writeOff.rejectedAt)}: {writeOff.rejectReason}
      </Typography>
    );
  if (writeOff.status === 'withdrawn')
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="write-off-closed">
        The last write-off request was withdrawn by the one who asked, on {formatDate(writeOff.withdrawnAt)}.
      </Typography>
    );
  return null;
}
