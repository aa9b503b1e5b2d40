import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { formatDate, formatMoney } from '@lending/web-common/format';
import { useAccess } from '../permissions/useAccess';
import { ADMIN_API } from '../providers/dataProvider';
import { httpClient } from '../providers/http';
import { StatusChip } from './fields';
import {
  bankReasonLabel,
  cancelCauseLabel,
  MANDATE_KIND_LABELS,
  MANDATE_STATUS_LABELS,
  PRESENTATION_STATUS_LABELS,
  type LoanMandates,
  type Mandate,
} from './types';

const OPEN = new Set(['pending', 'active', 'paused']);
const REGISTRABLE = new Set(['final.pending', 'disbursal.pending', 'active']);

/**
 * The loan page's auto-debit panel (issue 32): the mandate (kind, status, UMRN, maximum, validity), registration for
 * staff holding mandates.manage (the borrower authorises on the provider's page: the link is shown to send them),
 * pause (asked with a reason by one person, approved by another), resume and cancel for staff holding their
 * permission, each presentation with its result, and the instalments handed to manual collection with why.
 */
export function MandatePanel({ loanId, state, currency }: { loanId: string; state: string; currency: string }) {
  const queryClient = useQueryClient();
  const canManage = useAccess('create', 'Mandates');
  const canApprove = useAccess('approve-pause', 'Mandates');
  const { identity } = useGetIdentity();
  const [reason, setReason] = useState('');
  const key = ['mandates', loanId];
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: async () => (await httpClient(`${ADMIN_API}/loans/${encodeURIComponent(loanId)}/mandates`)).json as LoanMandates,
  });
  const register = useMutation({
    mutationFn: async (kind: Mandate['kind']) =>
      (
        await httpClient(`${ADMIN_API}/loans/${encodeURIComponent(loanId)}/mandates`, {
          method: 'POST',
          body: JSON.stringify({ kind }),
          headers: new Headers({ 'Content-Type': 'application/json' }),
        })
      ).json as { mandate: Mandate; redirectUrl: string },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const act = useMutation({
    mutationFn: async ({ mandateId, action }: { mandateId: string; action: 'pause' | 'approve-pause' | 'resume' | 'cancel' }) =>
      (
        await httpClient(`${ADMIN_API}/mandates/${encodeURIComponent(mandateId)}/${action}`, {
          method: 'POST',
          body: JSON.stringify(action === 'pause' || action === 'cancel' ? { reason } : {}),
          headers: new Headers({ 'Content-Type': 'application/json' }),
        })
      ).json as Mandate,
    onSuccess: () => {
      setReason('');
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
  if (isPending) return <Typography variant="body2">Loading…</Typography>;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  const money = (minor: number) => formatMoney(minor, currency);
  const open = data.mandates.find((m) => OPEN.has(m.status));
  const current = open ?? data.mandates[0];
  return (
    <Box data-testid="mandate-panel">
      {current ? (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Typography variant="body1" component="p">
            {MANDATE_KIND_LABELS[current.kind]} mandate
          </Typography>
          <StatusChip status={current.status} labels={MANDATE_STATUS_LABELS} />
          <Typography variant="body2">UMRN / reference: {current.providerReference ?? '—'}</Typography>
          <Typography variant="body2">
            Up to {money(current.maxAmount)} a debit, {current.frequency}
          </Typography>
          <Typography variant="body2">
            Valid {formatDate(current.validFrom)} to {formatDate(current.validUntil)}
          </Typography>
          {current.pauseReason ? <Typography variant="body2">Pause: {current.pauseReason}</Typography> : null}
          {current.failureReason ? <Typography variant="body2">Failed: {current.failureReason}</Typography> : null}
          {current.cancelCause ? <Typography variant="body2">Cancelled: {cancelCauseLabel(current.cancelCause)}</Typography> : null}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          No auto-debit mandate: instalments are paid by the borrower.
        </Typography>
      )}
      {canManage && !open && REGISTRABLE.has(state) ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Button variant="outlined" size="small" disabled={register.isPending} onClick={() => register.mutate('e-nach')}>
            Register e-NACH
          </Button>
          <Button variant="outlined" size="small" disabled={register.isPending} onClick={() => register.mutate('upi-autopay')}>
            Register UPI AutoPay
          </Button>
        </Stack>
      ) : null}
      {canManage && open && open.status !== 'pending' ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField size="small" label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          {open.status === 'active' && !open.pauseRequestedBy ? (
            <Button
              size="small"
              disabled={act.isPending || !reason.trim()}
              onClick={() => act.mutate({ mandateId: open.id, action: 'pause' })}
            >
              Ask to pause
            </Button>
          ) : null}
          {canApprove && open.pauseRequestedBy && open.pauseRequestedBy !== identity?.id ? (
            <Button size="small" disabled={act.isPending} onClick={() => act.mutate({ mandateId: open.id, action: 'approve-pause' })}>
              Approve pause
            </Button>
          ) : null}
          {open.status === 'paused' ? (
            <Button size="small" disabled={act.isPending} onClick={() => act.mutate({ mandateId: open.id, action: 'resume' })}>
              Resume
            </Button>
          ) : null}
          <Button
            size="small"
            color="error"
            disabled={act.isPending || !reason.trim()}
            onClick={() => act.mutate({ mandateId: open.id, action: 'cancel' })}
          >
            Cancel mandate
          </Button>
        </Stack>
      ) : null}
      {act.error ? <Alert severity="error">{(act.error as Error).message}</Alert> : null}
      {register.data ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          Send the borrower to authorise it: <a href={register.data.redirectUrl}>{register.data.redirectUrl}</a>
        </Alert>
      ) : null}
      {register.error ? <Alert severity="error">{(register.error as Error).message}</Alert> : null}
      {data.presentations.length > 0 ? (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Presentations" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
            <TableHead>
              <TableRow>
                <TableCell>Instalment</TableCell>
                <TableCell>Attempt</TableCell>
                <TableCell>Presented on</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Bank reason</TableCell>
                <TableCell align="right">Bounce charge</TableCell>
                <TableCell>Next attempt</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.presentations.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>{p.instalmentNumber}</TableCell>
                  <TableCell>{p.attempt}</TableCell>
                  <TableCell>{formatDate(p.presentedOn)}</TableCell>
                  <TableCell align="right">{money(p.amount)}</TableCell>
                  <TableCell>
                    <StatusChip status={p.status} labels={PRESENTATION_STATUS_LABELS} />
                  </TableCell>
                  <TableCell sx={{ '&&': { whiteSpace: 'normal' } }}>{bankReasonLabel(p)}</TableCell>
                  <TableCell align="right">{p.bounceCharge ? money(p.bounceCharge) : '—'}</TableCell>
                  <TableCell>{p.nextAttemptOn ? formatDate(p.nextAttemptOn) : '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      ) : null}
      {data.manualCollections.map((m) => (
        <Alert key={`${m.instalmentNumber}-${m.attempt}`} severity="warning" sx={{ mt: 1 }}>
          Instalment {m.instalmentNumber} goes to manual collection ({formatDate(m.on)}): {m.detail}
        </Alert>
      ))}
    </Box>
  );
}
