import { Card, CardContent, CardHeader, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Loading, useGetList } from 'react-admin';
import type { Loan } from '../loans/types';
import { ActivityChart } from './ActivityChart';
import { aggregateByDay } from './aggregate';

const MAX_ROWS = 500; // the list API's largest page

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Panel `graph`: applications, approvals and disbursals per day, counted in the browser from the loan list. */
export function GraphPanel() {
  const [days, setDays] = useState(30);
  const to = isoDay(Date.now());
  const from = isoDay(Date.now() - (days - 1) * 86_400_000);
  const { data, total, isPending, error } = useGetList<Loan>('loans', {
    filter: { createdFrom: from },
    pagination: { page: 1, perPage: MAX_ROWS },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  return (
    <Card variant="outlined" data-testid="panel-graph">
      <CardHeader
        title="Activity"
        subheader="Loans started in the period, and their final approvals and disbursals"
        slotProps={{ title: { variant: 'h6' } }}
        action={
          <TextField select size="small" label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ minWidth: 130 }}>
            {[7, 30, 90].map((d) => (
              <MenuItem key={d} value={d}>
                Last {d} days
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <CardContent>
        {isPending ? <Loading /> : error ? <Typography color="error">{error.message}</Typography> : <ActivityChart points={aggregateByDay(data ?? [], from, to)} />}
        {total !== undefined && total > MAX_ROWS ? (
          <Typography variant="caption" color="text.secondary">
            Counted from the latest {MAX_ROWS} of {total} loans started in the period.
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
