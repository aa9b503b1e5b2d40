import { Alert, Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { formatDate, formatDateTime } from '@lending/web-common/format';
import type { ContactConduct } from '@lending/web-common/api';
import { SERVICING_QUERY_KEY } from '../payments/CommandButton';
import { outcomeLabel } from './contacts';
import type { LendingDataProvider } from '../providers/dataProvider';

const REFRESH_MS = 30_000;
const LOG_SHOWN = 10;
const CHANNELS: Record<string, string> = {
  call: 'Call',
  ivr: 'IVR',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Email',
  push: 'Push',
  visit: 'Visit',
};
const channelName = (channel: string) => CHANNELS[channel] ?? channel;
const REMINDER_KINDS: Record<string, string> = { 'due-soon': 'reminder before the due date', overdue: 'overdue reminder' };
const byChannel = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([channel, n]) => `${channelName(channel)} ${n}`)
    .join(', ');

/**
 * Recovery conduct on the loan page (issue 33 item 3): whether a collector may contact the borrower now (08:00–19:00 in
 * the borrower's time zone, the reason when not), today's contacts of the borrower against the daily cap, the days
 * with contact in the last 30, the latest entries of the contact log across channels, and reminders held for the window.
 */
export function ContactConductPanel({ loanId }: { loanId: string }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data, error } = useQuery({
    queryKey: [SERVICING_QUERY_KEY, 'contact-conduct', loanId],
    queryFn: () => dataProvider.contactConduct(loanId),
    refetchInterval: REFRESH_MS,
  });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data) return null;
  return (
    <Box data-testid="contact-conduct-panel" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Contact with the borrower
      </Typography>
      <ContactNow conduct={data} />
      <ContactDays conduct={data} />
      <ContactLog conduct={data} />
      <HeldReminders conduct={data} />
    </Box>
  );
}

function ContactNow({ conduct }: { conduct: ContactConduct }) {
  const { window, today } = conduct;
  return (
    <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
      <Chip
        color={window.open ? 'success' : 'warning'}
        label={window.open ? `Contact window open (${window.opens}–${window.closes})` : 'Contact window closed'}
        data-testid="contact-window"
      />
      <Chip
        color={today.left > 0 ? 'default' : 'error'}
        label={`${today.count} of ${today.max} contacts today${today.left > 0 ? '' : ': the daily cap is reached'}`}
        data-testid="contacts-today"
      />
      <Typography variant="body2" color="text.secondary">
        {window.localTime} in the borrower's time zone ({conduct.timeZone})
      </Typography>
      {window.reason ? (
        <Typography variant="body2" sx={{ flexBasis: '100%' }} data-testid="contact-window-reason">
          {window.reason}
        </Typography>
      ) : null}
    </Stack>
  );
}

function ContactDays({ conduct }: { conduct: ContactConduct }) {
  if (conduct.days.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No collection contact in the last 30 days.
      </Typography>
    );
  }
  return (
    <Table size="small" aria-label="Collection contacts per day, last 30 days">
      <TableHead>
        <TableRow>
          <TableCell>Business date</TableCell>
          <TableCell align="right">Contacts</TableCell>
          <TableCell>By channel</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {conduct.days.map((day) => (
          <TableRow key={day.date}>
            <TableCell>{formatDate(day.date)}</TableCell>
            <TableCell align="right">{day.count}</TableCell>
            <TableCell>{byChannel(day.byChannel)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ContactLog({ conduct }: { conduct: ContactConduct }) {
  if (conduct.log.length === 0) return null;
  const shown = conduct.log.slice(0, LOG_SHOWN);
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, mt: 2 }}>
        Latest contacts{conduct.log.length > LOG_SHOWN ? ` (${LOG_SHOWN} of ${conduct.log.length})` : ''}
      </Typography>
      <Table size="small" aria-label="Latest collection contacts">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Channel</TableCell>
            <TableCell>Outcome</TableCell>
            <TableCell>Note</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((entry, n) => (
            <TableRow key={`${entry.at}-${n}`}>
              <TableCell>{formatDateTime(entry.at)}</TableCell>
              <TableCell>{channelName(entry.channel)}</TableCell>
              <TableCell>{outcomeLabel(entry.outcome)}</TableCell>
              <TableCell>{entry.note}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

function HeldReminders({ conduct }: { conduct: ContactConduct }) {
  if (conduct.heldReminders.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="held-reminders">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Reminders waiting
      </Typography>
      {conduct.heldReminders.map((r) => (
        <Typography variant="body2" key={`${r.loanId}-${r.instalmentNumber}-${r.kind}`}>
          Instalment {r.instalmentNumber}, {REMINDER_KINDS[r.kind] ?? r.kind}: {r.reason}
        </Typography>
      ))}
    </Box>
  );
}
