import { DEFAULT_CURRENCY } from '../loans/labels';
import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, TextField, TextInput } from 'react-admin';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type AdminPayment as Payment,
} from '@lending/web-common/servicing';
import { PaymentActionButtons } from './PaymentActionButtons';
import { AmountField, LoanLinkField, MethodField, PaidOnField, RecordedField, StatusField } from './PaymentFields';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={PAYMENT_STATUSES.map((id) => ({ id, name: PAYMENT_STATUS_LABELS[id] }))}
    alwaysOn
  />,
  <SelectInput
    key="method"
    source="method"
    label="Method"
    choices={['online', ...PAYMENT_METHODS].map((id) => ({ id, name: PAYMENT_METHOD_LABELS[id] }))}
    alwaysOn
  />,
  <TextInput key="loanId" source="loanId" label="Loan id" alwaysOn />,
];

function Empty() {
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p" gutterBottom>
        No payments here
      </Typography>
      <Typography variant="body2">Payments recorded at the counter wait here for a second staff member to verify them.</Typography>
    </Box>
  );
}

/** /Admin/Payments: every payment, those awaiting verification first, with Verify and Reject for a checker. */
export function PaymentList() {
  return (
    <List
      title="Payments"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'recordedAt', order: 'DESC' }}
      exporter={false}
      empty={<Empty />}
      perPage={25}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        data-testid="payments"
        sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'top' } }}
      >
        <RecordedField label="Recorded" sortBy="recordedAt" />
        <LoanLinkField label="Loan" sortable={false} />
        <AmountField label="Amount" sortBy="amount" textAlign="right" />
        <MethodField label="Method" sortBy="method" />
        <PaidOnField label="Paid on" sortBy="paidOn" />
        <TextField source="reference" label="Reference" sortable={false} emptyText="—" />
        <StatusField label="Status" sortBy="status" />
        <FunctionField
          label="Actions"
          render={(payment: Payment) => <PaymentActionButtons payment={payment} currency={DEFAULT_CURRENCY} />}
        />
      </Datagrid>
    </List>
  );
}
