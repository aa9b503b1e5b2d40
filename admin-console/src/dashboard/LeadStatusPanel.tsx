import { Card, CardContent, CardHeader, Typography } from '@mui/material';

/** Panel `leadStatus`: the platform has no leads yet (they arrive with the origination context). */
export function LeadStatusPanel() {
  return (
    <Card variant="outlined" data-testid="panel-leadStatus">
      <CardHeader title="Lead status" slotProps={{ title: { variant: 'h6' } }} />
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          Leads are not tracked yet: this panel will count them by status once lead management is built.
        </Typography>
      </CardContent>
    </Card>
  );
}
