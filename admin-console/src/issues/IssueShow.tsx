import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  TextField as MuiTextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useCanAccess, useDataProvider, useGetOne, useNotify, useUpdate } from 'react-admin';
import type { AdminIssue, IssueStatus } from '@lending/web-common/api';
import { formatDateTime } from '@lending/web-common/format';
import { fetchBlob } from '../providers/http';
import type { LendingDataProvider } from '../providers/dataProvider';
import { ageText, statusLabel } from './issueChoices';
import { AgeChip } from './IssueList';
import { useAssignees } from './useAssignees';

const MOVE_LABELS: Record<IssueStatus, string> = { open: 'Reopen', inProgress: 'Start work', resolved: 'Mark resolved', closed: 'Close' };

function errorText(error: unknown) {
  const body = (error as { body?: { detail?: string; fields?: { message: string }[] } }).body;
  return body?.fields?.map((f) => f.message).join('; ') || body?.detail || (error as Error).message;
}

/** Status moves and the assignee. */
function IssueActions({ issue, onChange }: { issue: AdminIssue; onChange: (i: AdminIssue) => void }) {
  const [update, { isPending }] = useUpdate<AdminIssue>();
  const notify = useNotify();
  const assignees = useAssignees();
  const save = (data: { status?: IssueStatus; assignedTo?: string | null }) =>
    update(
      'Issues',
      { id: issue.id, data, previousData: issue },
      { mutationMode: 'pessimistic', onSuccess: (i) => onChange(i), onError: (e) => notify(errorText(e), { type: 'error' }) },
    );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
      <MuiTextField
        select
        size="small"
        label="Assignee"
        value={issue.assignedTo ?? ''}
        onChange={(e) => save({ assignedTo: e.target.value === '' ? null : e.target.value })}
        sx={{ minWidth: 220 }}
        disabled={isPending}
      >
        <MenuItem value="">Unassigned</MenuItem>
        {assignees.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.name}
          </MenuItem>
        ))}
      </MuiTextField>
      {issue.nextStatuses.map((to) => (
        <Button
          key={to}
          variant={to === 'closed' || to === 'open' ? 'outlined' : 'contained'}
          onClick={() => save({ status: to })}
          disabled={isPending}
        >
          {issue.status === 'resolved' && to === 'inProgress' ? 'Reopen' : MOVE_LABELS[to]}
        </Button>
      ))}
    </Stack>
  );
}

/** A reply to the borrower (emailed through the issue-replied template) or an internal note. */
function ReplyForm({ issue, onChange }: { issue: AdminIssue; onChange: (i: AdminIssue) => void }) {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { canAccess } = useCanAccess({ action: 'reply', resource: 'Issues' });
  const notify = useNotify();
  const [message, setMessage] = useState('');
  const [internal, setInternal] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canAccess || issue.status === 'closed') return null;
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      onChange(await dataProvider.replyToIssue(issue.id, { message, internal }));
      setMessage('');
      notify(internal ? 'Note added' : 'Reply sent to the borrower', { type: 'success' });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => (e.preventDefault(), void send())} sx={{ mt: 2 }}>
      <MuiTextField
        label={internal ? 'Internal note (staff only, never emailed)' : 'Reply to the borrower (emailed)'}
        multiline
        minRows={3}
        fullWidth
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={!!error}
        helperText={error ?? ' '}
      />
      <Stack direction="row" spacing={2} alignItems="center">
        <FormControlLabel control={<Checkbox checked={internal} onChange={(e) => setInternal(e.target.checked)} />} label="Internal note" />
        <Button type="submit" variant="contained" disabled={busy}>
          {internal ? 'Add note' : 'Send reply'}
        </Button>
      </Stack>
    </Box>
  );
}

async function openAttachment(url: string) {
  const { blob } = await fetchBlob(url);
  window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}

/** /Admin/Issues/{id}: the borrower's issue, its conversation and notes, the audit trail; assign, move, reply. */
export function IssueShow() {
  const { id = '' } = useParams();
  const { data, isPending, error } = useGetOne<AdminIssue>('Issues', { id });
  const [latest, setLatest] = useState<AdminIssue | null>(null);
  if (error) return <Alert severity="error">{errorText(error)}</Alert>;
  // Until the issue itself arrives, react-admin may hand over the list's row (no messages): wait for the real one.
  if (isPending || !data || !Array.isArray(data.messages)) return <Loading />;
  const issue = latest && latest.id === data.id ? latest : data;
  return (
    <Box sx={{ mt: 2, maxWidth: 980 }}>
      <Title title={`Issue #${issue.number}`} />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
            <Typography variant="h5" component="h1">
              Issue #{issue.number}: {issue.categoryLabel}
            </Typography>
            <Chip
              label={statusLabel(issue.status)}
              color={issue.status === 'open' ? 'warning' : issue.status === 'inProgress' ? 'info' : 'success'}
            />
            <AgeChip issue={issue} />
          </Stack>
          {issue.overdue ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              Overdue: raised {ageText(issue.ageHours)} ago, beyond the {issue.slaHours} h service level (due {formatDateTime(issue.dueAt)}
              ).
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Due by {formatDateTime(issue.dueAt)} ({issue.slaHours} h service level).
            </Typography>
          )}
          <Typography variant="body2">
            <strong>{issue.borrowerName ?? 'Borrower'}</strong> · {issue.borrowerEmail ?? '—'} · {issue.borrowerPhone ?? '—'}
            {issue.loanId ? ` · loan ${issue.loanId.slice(0, 8).toUpperCase()}` : ''} · raised {formatDateTime(issue.createdAt)}
          </Typography>
          <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }}>{issue.message}</Typography>
          {issue.attachments.length > 0 ? (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }} flexWrap="wrap" useFlexGap>
              {issue.attachments.map((a) => (
                <Button key={a.id} size="small" variant="outlined" onClick={() => void openAttachment(a.url)}>
                  {a.kind} ({Math.ceil(a.size / 1024)} KB)
                </Button>
              ))}
            </Stack>
          ) : null}
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <IssueActions issue={issue} onChange={setLatest} />
          <Typography variant="h6" component="h2">
            Conversation
          </Typography>
          {issue.messages.length === 0 ? <Typography color="text.secondary">No replies yet.</Typography> : null}
          <Stack spacing={1} sx={{ mt: 1 }}>
            {issue.messages.map((m) => (
              <Box
                key={m.id}
                sx={{ p: 1.5, borderRadius: 1, bgcolor: m.internal ? '#fff8e1' : m.author === 'staff' ? '#e8eefc' : '#f0f3f2' }}
              >
                <Typography variant="caption" component="p">
                  {m.authorName} · {formatDateTime(m.createdAt)}
                  {m.internal ? ' · internal note' : m.author === 'staff' ? (m.emailed ? ' · emailed' : ' · not emailed') : ''}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{m.message}</Typography>
              </Box>
            ))}
          </Stack>
          <ReplyForm issue={issue} onChange={setLatest} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            History
          </Typography>
          <Box component="ul" sx={{ pl: 2, my: 1 }}>
            {issue.changes.map((c, i) => (
              <li key={i}>
                <Typography variant="body2">
                  {formatDateTime(c.at)} · {c.by}:{' '}
                  {c.field === 'reply' ? 'replied' : c.field === 'note' ? 'added a note' : `${c.field} ${c.from ?? '—'} → ${c.to ?? '—'}`}
                </Typography>
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
