import { businessDateOf } from '@lending/web-common/format';
import { Box, Card, CardContent, CardHeader, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { periodEndingOn } from './activity';
import { PeriodSelect } from './PeriodSelect';

/**
 * Card "Funnel" (issue 15): of the applications started in the period, how many reached each step, counted from our
 * own loan events (GET /api/admin/application-funnel, loans.view), not from the analytics provider.
 */
export function FunnelPanel() {
  const [days, setDays] = useState(30);
  const dataProvider = useDataProvider<LendingDataProvider>();
  // Events are counted by the day they were recorded in the business time zone: the period ends on today there.
  const { from, to } = periodEndingOn(days, businessDateOf());
  const { data, isPending, error } = useQuery({
    queryKey: ['application-funnel', from, to],
    queryFn: () => dataProvider.applicationFunnel(from, to),
  });
  const started = data?.steps[0]?.loans ?? 0;
  return (
    <Card variant="outlined" data-testid="panel-funnel">
      <CardHeader
        title="Funnel"
        subheader={data ? `Applications started ${data.from} to ${data.to}, by the steps they reached` : 'Applications by step'}
        action={<PeriodSelect label="Period" days={days} onChange={setDays} />}
      />
      <CardContent>
        {isPending ? (
          <Loading />
        ) : error ? (
          <Typography color="error">The funnel could not be loaded: {(error as Error).message}</Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} aria-label="Applications by step">
            {data!.steps.map((s) => (
              <li key={s.step}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  <Typography variant="body2">{s.label}</Typography>
                  <Typography variant="body2" data-testid={`funnel-${s.step}`}>
                    {s.loans}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={started ? (100 * s.loans) / started : 0}
                  aria-label={`${s.label}: ${s.loans} of ${started}`}
                />
              </li>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
