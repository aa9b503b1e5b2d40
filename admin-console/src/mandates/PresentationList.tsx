import { Box, Typography } from '@mui/material';
import { Datagrid, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';
import { DateField } from '../fields/DateField';
import { BankReasonField, LoanLink, MoneyField, NARROW_COLUMNS, PresentationStatusField } from './fields';
import { PRESENTATION_STATUS_LABELS, PRESENTATION_STATUSES } from './types';

const filters = [
  <TextInput key="presentedOn" source="presentedOn" label="Presented on" type="date" InputLabelProps={{ shrink: true }} alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={PRESENTATION_STATUSES.map((id) => ({ id, name: PRESENTATION_STATUS_LABELS[id] }))}
    alwaysOn
  />,
  <TextInput key="loanId" source="loanId" label="Loan id" />,
];

/** What an empty list says: why it may be empty, and where the rows come from. */
function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ p: 3 }} data-testid="mandate-list-empty">
      <Typography variant="body1" component="p">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

const NO_PRESENTATIONS = (
  <Empty
    title="No presentations here."
    text="Close of business presents each instalment due under an active mandate on its due date; clear the filters to see every presentation."
  />
);
const NO_BOUNCES = (
  <Empty
    title="No bounced auto-debits."
    text="An instalment whose debit the bank returns waits here until it is presented again and paid, or collected by hand."
  />
);

function Columns({ bounces }: { bounces?: boolean }) {
  return (
    <Datagrid
      bulkActionButtons={false}
      rowClick={false}
      empty={bounces ? NO_BOUNCES : NO_PRESENTATIONS}
      data-testid={bounces ? 'mandate-bounces' : 'mandate-presentations'}
      sx={NARROW_COLUMNS}
    >
      <DateField source="presentedOn" label="Presented on" sortBy="presentedOn" />
      <LoanLink label="Loan" />
      <TextField source="borrowerName" label="Borrower" sortable={false} emptyText="—" />
      {bounces ? <TextField source="borrowerPhone" label="Phone" sortable={false} emptyText="—" /> : null}
      <NumberField source="instalmentNumber" label="Instalment" sortable={false} />
      <DateField source="dueDate" label="Due date" sortable={false} />
      <NumberField source="attempt" label="Attempt" sortable={false} />
      <MoneyField source="amount" label="Amount" textAlign="right" sortBy="amount" />
      {bounces ? null : <PresentationStatusField label="Status" sortBy="status" />}
      <BankReasonField label="Bank reason" sortable={false} />
      <MoneyField source="bounceCharge" label="Charge" textAlign="right" sortable={false} />
      <DateField
        source="nextAttemptOn"
        label={bounces ? 'Presented again on' : 'Next attempt'}
        emptyText={bounces ? 'Manual collection' : '—'}
        sortable={false}
      />
    </Datagrid>
  );
}

/** /Admin/MandatePresentations: auto-debit presentations by date and status. */
export function PresentationList() {
  return (
    <List
      title="Presentations"
      filters={filters}
      sort={{ field: 'presentedOn', order: 'DESC' }}
      exporter={false}
      perPage={25}
      empty={NO_PRESENTATIONS}
    >
      <Columns />
    </List>
  );
}

/** /Admin/MandateBounces: the bounce queue, the latest bounced presentation of each instalment (every row Bounced), for collectors. */
export function BounceList() {
  return (
    <List title="Bounced" sort={{ field: 'updatedAt', order: 'DESC' }} exporter={false} perPage={25} empty={NO_BOUNCES}>
      <Columns bounces />
    </List>
  );
}
