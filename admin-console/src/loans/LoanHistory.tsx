import { Box, Button, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { formatDateTime } from '@lending/web-common/format';
import { actorName } from './actors';
import { staffIdsInData, storyOf } from './history-story';
import { STATE_LABELS } from './queues';
import { useActorNames } from './useActorNames';
import type { LoanHistoryEntry as HistoryEntry, AdminLoan as Loan } from '@lending/web-common/api';

/** The event as the log holds it, for auditors: one click away from its sentence. */
function RawEvent({ entry }: { entry: HistoryEntry }) {
  const [open, setOpen] = useState(false);
  const id = `raw-event-${entry.position}`;
  return (
    <>
      <Button size="small" sx={{ px: 0, minWidth: 0 }} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide the raw event' : 'Show the raw event'}
      </Button>
      {open ? (
        <Box
          component="pre"
          id={id}
          data-testid="raw-event"
          tabIndex={0}
          aria-label={`Raw event ${entry.type}`}
          sx={{
            flexBasis: '100%',
            m: 0,
            p: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            fontSize: 12,
            overflowX: 'auto',
            maxWidth: '100%',
          }}
        >
          {JSON.stringify(
            {
              type: entry.type,
              version: entry.version,
              position: entry.position,
              recordedAt: entry.recordedAt,
              actor: entry.actor,
              reason: entry.reason,
              data: entry.data,
            },
            null,
            2,
          )}
        </Box>
      ) : null}
    </>
  );
}

/** Every event of the loan from the log, oldest first, each as a sentence; each can open the loan as it stood then. */
export function LoanHistory({ loan, onAsOf, asOf }: { loan: Loan; onAsOf(iso: string): void; asOf: string | null }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['loan-history', loan.id, loan.version],
    queryFn: () => dataProvider.loanHistory(loan.id),
  });
  const names = useActorNames(loan, data?.map((e) => e.actor) ?? [], data?.flatMap(staffIdsInData) ?? []);
  if (isPending) return <Loading />;
  if (error) return <Typography color="error">{error.message}</Typography>;
  const cut = asOf ? new Date(asOf).getTime() : null;
  const productName = (id: string) =>
    loan.product && loan.product.id === id ? `${loan.product.name}, version ${loan.product.version}` : null;
  const staffName = (id: string) => actorName({ id, role: 'staff' }, names);

  return (
    <Box component="ol" aria-label="Loan history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((entry, index) => {
        const later = cut !== null && new Date(entry.recordedAt).getTime() > cut;
        const sentence = storyOf(entry, { currency: loan.currency, actor: actorName(entry.actor, names), staffName, productName });
        return (
          <Box
            component="li"
            key={entry.position}
            data-testid="history-entry"
            sx={{ position: 'relative', pl: 4, pb: index === data.length - 1 ? 0 : 2.5 }}
            data-later={later || undefined}
          >
            <Box
              sx={{
                position: 'absolute',
                left: 7,
                top: 6,
                bottom: 0,
                width: 2,
                bgcolor: index === data.length - 1 ? 'transparent' : 'divider',
              }}
            />
            {/* Events after the moment shown: a hollow dot and a muted title, not faded text (it must stay readable, 4.5:1). */}
            <Box
              sx={{
                position: 'absolute',
                left: 2,
                top: 4,
                width: 12,
                height: 12,
                borderRadius: '50%',
                boxSizing: 'border-box',
                ...(later
                  ? { border: 2, borderColor: 'grey.500', bgcolor: 'background.paper' }
                  : { bgcolor: entry.type.includes('Rejected') || entry.type.includes('Cancelled') ? 'error.main' : 'primary.main' }),
              }}
            />
            <Typography
              variant="subtitle2"
              component="p"
              color={later ? 'text.secondary' : undefined}
              data-testid="history-sentence"
              sx={{ m: 0 }}
            >
              {sentence}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(entry.at ?? entry.recordedAt)} · event {entry.version}
              </Typography>
              <Chip size="small" variant="outlined" label={`→ ${STATE_LABELS[entry.stateAfter] ?? entry.stateAfter}`} />
              {later ? (
                <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                  after the moment shown
                </Typography>
              ) : null}
            </Box>
            {entry.reason ? (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Reason: “{entry.reason}”
              </Typography>
            ) : null}
            <Box sx={{ display: 'flex', gap: 2, mt: 0.5, flexWrap: 'wrap' }}>
              <Button size="small" sx={{ px: 0, minWidth: 0 }} onClick={() => onAsOf(entry.recordedAt)}>
                View the loan as of this event
              </Button>
              <RawEvent entry={entry} />
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
