import { businessDateOf } from '@lending/web-common/format';
import { Box, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useDataProvider } from 'react-admin';
import { useAccess } from '../permissions/useAccess';
import { LEAD_SOURCES, LEAD_STATUSES, SOURCE_LABELS, STATUS_LABELS } from '../leads/leadStatus';
import type { LendingDataProvider } from '../providers/dataProvider';
import { periodEndingOn } from './activity';
import { PeriodSelect } from './PeriodSelect';

function Counts({ caption, rows }: { caption: string; rows: [string, number][] }) {
  return (
    <Table size="small" aria-label={caption}>
      <TableHead>
        <TableRow>
          <TableCell>{caption}</TableCell>
          <TableCell align="right">Leads</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([label, n]) => (
          <TableRow key={label}>
            <TableCell>{label}</TableCell>
            <TableCell align="right">{n}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Panel `leadStatus`: leads created in the chosen period, counted by status and by source (leads.manage). */
export function LeadStatusPanel() {
  const canAccess = useAccess('counts', 'Leads');
  const [days, setDays] = useState(30);
  const dataProvider = useDataProvider<LendingDataProvider>();
  // The server counts leads by the day they were created in the business time zone, so the period ends on today
  // there: not the UTC date (a day behind in Asia/Kolkata after 18:30 UTC), and not the business date, which stays on
  // yesterday after midnight until close of business moves it (a lead created at 00:05 was left out).
  const { from, to } = periodEndingOn(days, businessDateOf());
  const { data, isPending, error } = useQuery({
    queryKey: ['lead-status', from, to],
    queryFn: () => dataProvider.leadStatusCounts(from, to),
    enabled: canAccess === true,
  });
  if (!canAccess) return null;
  return (
    <Card variant="outlined" data-testid="panel-leadStatus">
      <CardHeader
        title="Lead status"
        subheader={data ? `${data.total} leads created ${data.from} to ${data.to}` : 'Leads created in the period'}
        slotProps={{ title: { variant: 'h6' } }}
        action={<PeriodSelect label="Lead period" days={days} onChange={setDays} minWidth={130} />}
      />
      <CardContent>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Typography color="error">{error.message}</Typography>
        ) : data ? (
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <Counts caption="Status" rows={LEAD_STATUSES.map((s) => [STATUS_LABELS[s], data.byStatus[s]])} />
            <Counts caption="Source" rows={LEAD_SOURCES.map((s) => [SOURCE_LABELS[s], data.bySource[s]])} />
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
