import { Box, Button, Card, CardContent, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';
import { LeadStatusChip } from './LeadFields';
import { NEXT_STATUSES, SOURCE_LABELS, type LeadSource, type LeadStatus } from './leadStatus';
import { StatusChangeDialog } from './StatusChangeDialog';
import type { LeadDetail } from './types';
import { formatDateTime } from '@lending/web-common/format';

const when = formatDateTime;

function Notes({ resource, lead }: { resource: string; lead: LeadDetail }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [text, setText] = useState('');
  const add = async () => {
    try {
      await dataProvider.addLeadNote(resource, lead.id, text);
      setText('');
      refresh();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The note was not saved', { type: 'error' });
    }
  };
  return (
    <Box component="section" aria-labelledby="lead-notes">
      <Typography id="lead-notes" variant="h6" component="h2" gutterBottom>
        Notes
      </Typography>
      {lead.notes.length === 0 ? <Typography color="text.secondary">No notes yet.</Typography> : null}
      {lead.notes.map((n) => (
        <Box key={n.id} sx={{ mb: 1 }} data-testid="lead-note">
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {n.text}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {n.authorName ?? n.authorId} · {when(n.createdAt)}
          </Typography>
        </Box>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <TextField label="New note" size="small" multiline fullWidth value={text} onChange={(e) => setText(e.target.value)} />
        <Button variant="outlined" onClick={add} disabled={text.trim() === ''}>
          Add note
        </Button>
      </Stack>
    </Box>
  );
}

function History({ lead }: { lead: LeadDetail }) {
  return (
    <Box component="section" aria-labelledby="lead-history">
      <Typography id="lead-history" variant="h6" component="h2" gutterBottom>
        History
      </Typography>
      <Box component="ol" sx={{ pl: 2, m: 0 }}>
        {lead.history.map((h) => (
          <li key={h.id} data-testid="lead-history-entry">
            <Typography variant="body2">
              <strong>{h.field}</strong>: {h.from ?? '—'} → {h.to ?? '—'}
              {h.reason ? ` (${h.reason})` : ''}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {h.changedByName ?? h.changedBy} · {when(h.changedAt)}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The borrower a converted lead became: a link to their customer page for staff who may see customers. */
function BorrowerLink({ id }: { id: string }) {
  const { canAccess } = useCanAccess({ action: 'show', resource: 'Customers' });
  if (!canAccess) return <Typography color="text.secondary">Borrower {id}</Typography>;
  return (
    <Link component={RouterLink} to={`/Customers/${id}`} data-testid="lead-customer-link">
      Open the customer
    </Link>
  );
}

/** Below a lead's form: its status with the move dialog, duplicates, the borrower it became, notes and history. */
export function LeadWork({ resource }: { resource: string }) {
  const lead = useRecordContext<LeadDetail>();
  const [open, setOpen] = useState(false);
  if (!lead) return null;
  const status = lead.status as LeadStatus;
  return (
    <Card variant="outlined" sx={{ mt: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span">Status</Typography>
          <LeadStatusChip status={status} />
          {lead.lostReason ? <Typography color="text.secondary">Lost: {lead.lostReason}</Typography> : null}
          {lead.borrowerId ? <BorrowerLink id={lead.borrowerId} /> : null}
          <Typography color="text.secondary">Source: {SOURCE_LABELS[lead.source as LeadSource]}</Typography>
          {NEXT_STATUSES[status].length > 0 ? (
            <Button variant="contained" onClick={() => setOpen(true)}>
              Change status
            </Button>
          ) : null}
        </Stack>
        {lead.duplicates.length > 0 ? (
          <Typography color="warning.dark" data-testid="lead-duplicates">
            Possible duplicate: {lead.duplicates.length} other lead{lead.duplicates.length === 1 ? '' : 's'} with the same phone or email.
          </Typography>
        ) : null}
        <Notes resource={resource} lead={lead} />
        <History lead={lead} />
      </CardContent>
      <StatusChangeDialog resource={resource} id={lead.id} status={status} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
