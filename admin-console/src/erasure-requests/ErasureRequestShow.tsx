import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Loading, Title, useCanAccess, useDataProvider, useGetOne, useNotify, useRefresh } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { AdminErasureRequest, ErasureAnswer, ErasurePlan } from '@lending/web-common/api';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import type { LendingDataProvider } from '../providers/dataProvider';

type Kept = ErasurePlan['kept'][number];

function KeptList({ kept }: { kept: Kept[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {kept.map((k) => (
        <li key={k.part}>
          <Typography variant="body2">
            {k.what}: <strong>{k.until ? `kept until ${formatDate(k.until)}` : k.untilText}</strong>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {k.why}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

function Plan({ plan }: { plan: ErasurePlan }) {
  return (
    <>
      <Typography variant="subtitle2">Carrying it out now erases</Typography>
      <Box component="ul" sx={{ mt: 0, pl: 2 }}>
        {plan.erase.map((e) => (
          <li key={e.part}>
            <Typography variant="body2">{e.what}</Typography>
          </li>
        ))}
      </Box>
      <Typography variant="subtitle2">and keeps</Typography>
      <KeptList kept={plan.kept} />
    </>
  );
}

function Answer({ answer }: { answer: ErasureAnswer }) {
  return (
    <>
      <Typography variant="subtitle2">Erased</Typography>
      <Box component="ul" sx={{ mt: 0, pl: 2 }}>
        {answer.erased.map((e) => (
          <li key={e.part}>
            <Typography variant="body2">
              {e.what} ({e.count})
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="subtitle2">Kept, and why</Typography>
      <KeptList kept={answer.kept} />
    </>
  );
}

/** Carry out the request, behind a confirmation that repeats what will be erased (it cannot be undone). */
function CarryOutButton({ request, onDone }: { request: AdminErasureRequest; onDone: () => void }) {
  const { canAccess } = useCanAccess({ action: 'carry-out', resource: 'ErasureRequests' });
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => dataProvider.carryOutErasure(request.id),
    onSuccess: () => {
      notify(`The erasure request of ${request.borrowerName ?? 'the borrower'} is carried out.`, { type: 'success' });
      onDone();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!canAccess || request.status !== 'requested') return null;
  return (
    <>
      <Button variant="contained" color="warning" onClick={() => setOpen(true)} disabled={mutation.isPending}>
        Carry out
      </Button>
      <Confirm
        isOpen={open}
        loading={mutation.isPending}
        title={`Erase the data of ${request.borrowerName ?? 'this borrower'}?`}
        content={
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              This cannot be undone. The borrower is signed out everywhere.
            </Typography>
            {request.plan && <Plan plan={request.plan} />}
          </>
        }
        confirm="Carry out"
        onConfirm={() => mutation.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** /Admin/ErasureRequests/{id}/show: the request, what carrying it out erases and keeps, or its answer once carried out. */
export function ErasureRequestShow() {
  const { id } = useParams<{ id: string }>();
  return <ErasureRequestPage id={id!} />;
}

export function ErasureRequestPage({ id }: { id: string }) {
  const refresh = useRefresh();
  const { data: request, isPending, error } = useGetOne<AdminErasureRequest>('ErasureRequests', { id });
  if (isPending) return <Loading />;
  if (error || !request) return <Alert severity="error">{(error as Error | null)?.message ?? 'Not found'}</Alert>;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={`Erasure request: ${request.borrowerName ?? request.borrowerId}`} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
            <Typography variant="h6" component="h2">
              {request.borrowerName ?? request.borrowerId}
            </Typography>
            <Chip
              size="small"
              color={request.status === 'requested' ? 'warning' : 'success'}
              label={request.status === 'requested' ? 'Waiting' : `Carried out ${formatDateTime(request.carriedOutAt)}`}
            />
            <CarryOutButton request={request} onDone={refresh} />
          </Stack>
          <Typography variant="body2">Asked {formatDateTime(request.requestedAt)}</Typography>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Reason: {request.reason ?? '—'}
          </Typography>
          {request.answer ? <Answer answer={request.answer} /> : request.plan ? <Plan plan={request.plan} /> : null}
        </CardContent>
      </Card>
    </Box>
  );
}
