import { Chip } from '@mui/material';
import { Datagrid, List, SelectInput, TextField, TextInput, useRecordContext } from 'react-admin';
import { DateField } from '../fields/DateField';
import { PhoneField } from '../phones/PhoneField';

const PURPOSE_CHOICES = [
  { id: 'quick-start', name: 'Quick start' },
  { id: 'e-sign', name: 'E-sign' },
  { id: 'phone', name: 'Phone check' },
];

function SmsStatusField(_props: { label?: string; sortBy?: string }) {
  const sms = useRecordContext<{ status: string }>();
  if (!sms) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={sms.status === 'sent' ? 'Sent' : 'Logged (no provider)'}
      color={sms.status === 'sent' ? 'success' : 'default'}
    />
  );
}

const filters = [
  <TextInput key="to" source="to" label="Phone" alwaysOn />,
  <SelectInput key="purpose" source="purpose" choices={PURPOSE_CHOICES} alwaysOn />,
];

/**
 * /Admin/Sms: the SMS log, newest first (sms.view). A one-time code shows only outside production, where the
 * development adapter keeps it; in production the log holds "[redacted]" in its place.
 */
export function SmsList() {
  return (
    <List title="SMS log" resource="Sms" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <DateField source="createdAt" label="Time" showTime />
        <PhoneField source="to" label="Phone" />
        <TextField source="purpose" emptyText="—" />
        <TextField source="body" label="Message" sortable={false} />
        <SmsStatusField label="Status" sortBy="status" />
      </Datagrid>
    </List>
  );
}
