import { Chip } from '@mui/material';
import { Datagrid, List, NumberField, SearchInput, SelectInput, TextField, useRecordContext } from 'react-admin';
import { DateField } from '../fields/DateField';

export const EMAIL_STATUS_CHOICES = [
  { id: 'queued', name: 'Queued' },
  { id: 'sending', name: 'Sending' },
  { id: 'sent', name: 'Sent' },
  { id: 'logged', name: 'Logged (no SMTP)' },
  { id: 'failed', name: 'Failed' },
];

export function EmailStatusField(_props: { label?: string; sortBy?: string }) {
  const email = useRecordContext<{ status: string }>();
  if (!email) return null;
  const name = EMAIL_STATUS_CHOICES.find((c) => c.id === email.status)?.name ?? email.status;
  return (
    <Chip
      size="small"
      label={name}
      color={email.status === 'failed' ? 'error' : email.status === 'sent' ? 'success' : 'default'}
      variant="outlined"
    />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Recipient or subject" />,
  <SelectInput key="status" source="status" choices={EMAIL_STATUS_CHOICES} alwaysOn />,
];

/** /Admin/Emails: the email log, newest first. */
export function EmailList() {
  return (
    <List title="Emails" resource="Emails" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick={(id) => `/Emails/${id}`} bulkActionButtons={false}>
        <DateField source="createdAt" label="Written" showTime />
        <TextField source="to" />
        <TextField source="subject" />
        <TextField source="template" emptyText="—" />
        <EmailStatusField label="Status" sortBy="status" />
        <NumberField source="attempts" />
        <DateField source="sentAt" label="Sent" showTime emptyText="—" />
      </Datagrid>
    </List>
  );
}
