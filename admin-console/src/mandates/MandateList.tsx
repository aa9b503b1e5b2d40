import { Box, Typography } from '@mui/material';
import { Datagrid, List, SelectInput, TextField, TextInput } from 'react-admin';
import { DateField } from '../fields/DateField';
import { CancelCauseField, KindField, LoanLink, MandateStatusField, MoneyField, NARROW_COLUMNS } from './fields';
import { MANDATE_KIND_LABELS, MANDATE_STATUS_LABELS, MANDATE_STATUSES } from './types';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={MANDATE_STATUSES.map((id) => ({ id, name: MANDATE_STATUS_LABELS[id] }))}
    alwaysOn
  />,
  <SelectInput
    key="kind"
    source="kind"
    label="Kind"
    choices={Object.entries(MANDATE_KIND_LABELS).map(([id, name]) => ({ id, name }))}
    alwaysOn
  />,
  <TextInput key="loanId" source="loanId" label="Loan id" alwaysOn />,
];

function NoMandates() {
  return (
    <Box sx={{ p: 3 }} data-testid="mandate-list-empty">
      <Typography variant="body1" component="p">
        No mandates here.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        A mandate is registered from the loan page (Auto-debit) or by the borrower in the portal after signing; clear the filters to see
        every mandate.
      </Typography>
    </Box>
  );
}

/** /Admin/Mandates: every auto-debit mandate (e-NACH, UPI AutoPay), newest first. */
export function MandateList() {
  return (
    <List
      title="Mandates"
      filters={filters}
      sort={{ field: 'startedAt', order: 'DESC' }}
      exporter={false}
      perPage={25}
      empty={<NoMandates />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false} empty={<NoMandates />} data-testid="mandates" sx={NARROW_COLUMNS}>
        <DateField source="startedAt" label="Started" showTime />
        <LoanLink label="Loan" />
        <KindField label="Kind" />
        <MandateStatusField label="Status" sortBy="status" />
        <MoneyField source="maxAmount" label="Maximum" textAlign="right" sortBy="maxAmount" />
        <TextField source="providerReference" label="UMRN / reference" emptyText="—" sortable={false} />
        <DateField source="validUntil" label="Valid until" sortable={false} />
        <TextField source="failureReason" label="Failure" emptyText="" sortable={false} />
        <CancelCauseField label="Cancelled because" sortable={false} />
      </Datagrid>
    </List>
  );
}
