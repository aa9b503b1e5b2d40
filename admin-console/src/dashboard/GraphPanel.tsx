import { businessDateOf } from '@lending/web-common/format';
import { Card, CardContent, CardHeader, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { ActivityChart } from './ActivityChart';
import { periodEndingOn } from './activity';
import { PeriodSelect } from './PeriodSelect';

/** Panel `graph`: applications, final approvals and disbursals per day, counted by the API over every loan. */
export function GraphPanel() {
  const [days, setDays] = useState(30);
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { from, to } = periodEndingOn(days, businessDateOf());
  const { data, isPending, error } = useQuery({
    queryKey: ['loan-activity', from, to],
    queryFn: () => dataProvider.loanActivity(from, to),
  });
  return (
    <Card variant="outlined" data-testid="panel-graph">
      <CardHeader
        title="Activity"
        subheader="Applications submitted, final approvals and disbursals per day"
        slotProps={{ title: { variant: 'h6' } }}
        action={<PeriodSelect label="Period" days={days} onChange={setDays} minWidth={130} periods={[7, 30, 90]} />}
      />
      <CardContent>
        {isPending ? <Loading /> : error ? <Typography color="error">{error.message}</Typography> : <ActivityChart points={data ?? []} />}
      </CardContent>
    </Card>
  );
}
