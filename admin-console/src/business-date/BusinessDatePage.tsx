import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import { useAccess } from '../permissions/useAccess';
import { ChangeBusinessDateDialog } from './BusinessDateChip';
import { CloseOfBusinessCard } from './CloseOfBusinessCard';
import { useBusinessDate } from './useBusinessDate';

/**
 * /Admin/BusinessDate: the date every command runs on, why it can or cannot be moved here, and (manual mode) moving it
 * and running close of business for the days that have ended.
 */
export function BusinessDatePage() {
  const { data, isPending, error } = useBusinessDate();
  const canMove = useAccess('edit', 'business-date');
  const canClose = useAccess('close-of-business', 'business-date');
  const [moving, setMoving] = useState(false);
  if (isPending) return <CircularProgress sx={{ m: 4 }} aria-label="Loading the business date" />;
  if (error || !data) return <Alert severity="error">{(error as Error | null)?.message ?? 'The business date could not be read.'}</Alert>;
  const manual = data.mode === 'manual';
  return (
    <Box sx={{ py: 2, maxWidth: 900 }} data-testid="business-date-page">
      <Title title="Business date" />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Business date
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="h4" component="p" data-testid="business-date-value">
              {formatDate(data.date)}
            </Typography>
            <Chip
              label={manual ? 'Manual: set by staff' : 'Automatic: follows the calendar'}
              color={manual ? 'warning' : 'default'}
              variant="outlined"
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Time zone {data.timeZone}.{manual && data.setAt ? ` Last moved ${formatDateTime(data.setAt)}.` : ''}
          </Typography>
          {manual ? (
            <Box sx={{ mt: 2 }}>
              {canMove ? (
                <Button variant="outlined" onClick={() => setMoving(true)}>
                  Change the business date
                </Button>
              ) : (
                <Typography variant="body2">Moving the date needs the permission business-date.manage.</Typography>
              )}
            </Box>
          ) : (
            <Alert severity="info" sx={{ mt: 2 }} data-testid="automatic-explanation">
              <Typography variant="body2" sx={{ mb: 1 }}>
                The date cannot be moved here: the server runs with <code>BUSINESS_DATE_MODE=automatic</code>, so the business date is
                always today in {data.timeZone} and moves on at midnight. Close of business runs by itself every night at 00:05 and closes
                the day that just ended.
              </Typography>
              <Typography variant="body2">
                To move it (training, testing, catch-up), an administrator restarts the server with <code>BUSINESS_DATE_MODE=manual</code>{' '}
                (in production also <code>ALLOW_MANUAL_BUSINESS_DATE=true</code>); then staff with the permission{' '}
                <code>business-date.manage</code> move the date here, and staff with <code>cob.run</code> run close of business for the days
                that have ended.
              </Typography>
            </Alert>
          )}
        </CardContent>
      </Card>
      {manual && canClose ? <CloseOfBusinessCard businessDate={data.date} /> : null}
      {manual && !canClose ? (
        <Typography variant="body2">Running close of business from here needs the permission cob.run.</Typography>
      ) : null}
      {moving ? <ChangeBusinessDateDialog current={data.date} onClose={() => setMoving(false)} /> : null}
    </Box>
  );
}
