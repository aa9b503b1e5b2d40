import { formatCount } from '@lending/web-common/format';
import { Alert, Box, Button, Typography } from '@mui/material';
import {
  Labeled,
  NumberField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import type { Answer } from '@lending/web-common/api';
import { DateField } from '../fields/DateField';
import type { LendingDataProvider } from '../providers/dataProvider';
import { EmailStatusField } from './EmailList';

type Email = Answer<'/api/admin/emails/{id}', 'get'>;

/** Sends a failed email again with a fresh set of attempts (the server refuses any other status). */
function ResendButton() {
  const email = useRecordContext<Email>();
  const dataProvider = useDataProvider<LendingDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!email) return null;
  const resend = async () => {
    try {
      await dataProvider.retryEmail(email.id);
      notify('The email is queued again', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Button
      variant="contained"
      size="small"
      onClick={resend}
      disabled={email.status !== 'failed'}
      title={email.status === 'failed' ? undefined : 'Only a failed email can be sent again'}
    >
      Resend
    </Button>
  );
}

function TemplateUsed() {
  const email = useRecordContext<Email>();
  if (!email?.template) return <span>—</span>;
  return (
    <span>{email.templateId ? `${email.template}, template version ${email.templateVersion}` : `${email.template} (shipped default)`}</span>
  );
}

function Message() {
  const email = useRecordContext<Email>();
  if (!email) return null;
  return (
    <Box component="section" aria-labelledby="message-heading" sx={{ width: '100%' }}>
      <Typography id="message-heading" variant="subtitle1" component="h2">
        The message as rendered
      </Typography>
      {email.html ? (
        <iframe
          title="HTML body"
          sandbox=""
          srcDoc={email.html}
          style={{ width: '100%', minHeight: 240, border: '1px solid #ccc', background: '#fff' }}
        />
      ) : null}
      <Typography
        variant="body2"
        component="pre"
        data-testid="email-text"
        sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', p: 1, border: '1px solid #ccc' }}
      >
        {email.text}
      </Typography>
    </Box>
  );
}

/** The files sent with it (the signed agreement and the KFS on signing): names and sizes; the log never keeps their bytes readable. */
function Attachments() {
  const email = useRecordContext<Email>();
  const files = email?.attachments ?? [];
  if (files.length === 0) return <span>—</span>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="email-attachments">
      {files.map((f) => (
        <li key={f.filename}>
          {f.filename} ({formatCount(f.sizeBytes)} bytes)
        </li>
      ))}
    </Box>
  );
}

function LastError() {
  const email = useRecordContext<Email>();
  return email?.lastError ? <Alert severity="error">{email.lastError}</Alert> : null;
}

/** /Admin/Emails/{id}: one email with its delivery (status, attempts, error), the rendered message, and resend. */
export function EmailShow() {
  return (
    <Show
      resource="Emails"
      title="Email"
      actions={
        <TopToolbar>
          <ResendButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="to" />
        <TextField source="subject" />
        <Labeled label="Template">
          <TemplateUsed />
        </Labeled>
        <Labeled label="Status">
          <EmailStatusField />
        </Labeled>
        <NumberField source="attempts" />
        <LastError />
        <Labeled label="Attachments">
          <Attachments />
        </Labeled>
        <DateField source="createdAt" label="Written" showTime />
        <DateField source="sentAt" label="Sent" showTime emptyText="—" />
        <Message />
      </SimpleShowLayout>
    </Show>
  );
}
