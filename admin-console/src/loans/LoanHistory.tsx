import { Box, Button, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Loading, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { ActorName } from './ActorName';
import { formatDateTime, formatMoney } from '@lending/web-common/format';
import { humanizeEventType } from './labels';
import { STATE_LABELS } from './queues';
import type { LoanHistoryEntry as HistoryEntry, AdminLoan as Loan } from '@lending/web-common/api';

const MONEY_KEYS = new Set(['amount', 'approvedAmount', 'fee', 'principal', 'instalmentAmount', 'totalInterest', 'totalPayable']);
const HIDDEN_KEYS = new Set(['loanId', 'at', 'actor', 'reason']);

function formatValue(key: string, value: unknown, currency: string): string {
  if (MONEY_KEYS.has(key) && typeof value === 'number') return formatMoney(value, currency);
  // The repayment schedule fixed at disbursal: the page shows it in full above; here, how many lines.
  if (Array.isArray(value)) return `${value.length} ${key === 'schedule' ? 'instalments' : 'items'}`;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The event's own data, minus what the entry already shows; nested objects (agreement terms) one level deep. */
export function eventDetails(entry: HistoryEntry, currency: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(entry.data)) {
    if (HIDDEN_KEYS.has(key) || value === null || value === undefined) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) {
        if (v !== null && v !== undefined && typeof v !== 'object') pairs.push([inner, formatValue(inner, v, currency)]);
      }
    } else pairs.push([key, formatValue(key, value, currency)]);
  }
  return pairs;
}

/** Every event of the loan from the log, oldest first, as a timeline; each can open the loan as it stood then. */
export function LoanHistory({ loan, onAsOf, asOf }: { loan: Loan; onAsOf(iso: string): void; asOf: string | null }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, isPending, error } = useQuery({
    queryKey: ['loan-history', loan.id, loan.version],
    queryFn: () => dataProvider.loanHistory(loan.id),
  });
  if (isPending) return <Loading />;
  if (error) return <Typography color="error">{error.message}</Typography>;
  const cut = asOf ? new Date(asOf).getTime() : null;

  return (
    <Box component="ol" aria-label="Loan history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((entry, index) => {
        const later = cut !== null && new Date(entry.recordedAt).getTime() > cut;
        return (
          <Box
            component="li"
            key={entry.position}
            data-testid="history-entry"
            sx={{ position: 'relative', pl: 4, pb: index === data.length - 1 ? 0 : 2.5 }}
            data-later={later || undefined}
          >
            <Box sx={{ position: 'absolute', left: 7, top: 6, bottom: 0, width: 2, bgcolor: index === data.length - 1 ? 'transparent' : 'divider' }} />
            {/* Events after the moment shown: a hollow dot and a muted title, not faded text (it must stay readable, 4.5:1). */}
            <Box
              sx={{
                position: 'absolute', left: 2, top: 4, width: 12, height: 12, borderRadius: '50%', boxSizing: 'border-box',
                ...(later ? { border: 2, borderColor: 'grey.500', bgcolor: 'background.paper' } : { bgcolor: entry.type.includes('Rejected') || entry.type.includes('Cancelled') ? 'error.main' : 'primary.main' }),
              }}
            />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" component="span" color={later ? 'text.secondary' : undefined}>
                {humanizeEventType(entry.type)}
              </Typography>
              {later ? (
                <Typography variant="caption" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                  after the moment shown
                </Typography>
              ) : null}
              <Chip size="small" variant="outlined" label={`→ ${STATE_LABELS[entry.stateAfter] ?? entry.stateAfter}`} />
              <Typography variant="caption" color="text.secondary">
                #{entry.version} · {formatDateTime(entry.at ?? entry.recordedAt)} · <ActorName actor={entry.actor} loan={loan} />
              </Typography>
            </Box>
            {entry.reason ? (
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                Reason: “{entry.reason}”
              </Typography>
            ) : null}
            {eventDetails(entry, loan.currency).length > 0 ? (
              <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                {eventDetails(entry, loan.currency)
                  .map(([key, value]) => `${key}: ${value}`)
                  .join(' · ')}
              </Typography>
            ) : null}
            <Button size="small" sx={{ mt: 0.5, px: 0, minWidth: 0 }} onClick={() => onAsOf(entry.recordedAt)}>
              View the loan as of this event
            </Button>
          </Box>
        );
      })}
    </Box>
  );
}
