import { Datagrid, List, NumberField, SelectInput, TextField, TextInput } from 'react-admin';
import { LoanLink, MoneyField, PresentationStatusField } from './fields';
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

function Columns({ bounces }: { bounces?: boolean }) {
  return (
    <Datagrid bulkActionButtons={false} rowClick={false} data-testid={bounces ? 'mandate-bounces' : 'mandate-presentations'}>
      <TextField source="presentedOn" label="Presented on" sortBy="presentedOn" />
      <LoanLink label="Loan" />
      <NumberField source="instalmentNumber" label="Instalment" sortable={false} />
      <NumberField source="attempt" label="Attempt" sortable={false} />
      <MoneyField source="amount" label="Amount" textAlign="right" sortBy="amount" />
      <PresentationStatusField label="Status" sortBy="status" />
      <TextField source="reasonCode" label="Bank reason" emptyText="—" sortable={false} />
      <MoneyField source="bounceCharge" label="Bounce charge" textAlign="right" sortable={false} />
      <TextField
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
    <List title="Presentations" filters={filters} sort={{ field: 'presentedOn', order: 'DESC' }} exporter={false} perPage={25}>
      <Columns />
    </List>
  );
}

/** /Admin/MandateBounces: the bounce queue, the latest bounced presentation of each instalment, for collectors. */
export function BounceList() {
  return (
    <List title="Bounced" sort={{ field: 'updatedAt', order: 'DESC' }} exporter={false} perPage={25}>
      <Columns bounces />
    </List>
  );
}
