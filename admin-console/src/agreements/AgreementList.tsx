import { Chip } from '@mui/material';
import { Datagrid, DateInput, FunctionField, List, NullableBooleanInput, SearchInput, TextField, useRecordContext } from 'react-admin';
import { DateField } from '../fields/DateField';
import { formatMoney } from '@lending/web-common/format';
import type { AdminAgreementRow } from '@lending/web-common/api';

function SignedField(_props: { label?: string; sortBy?: string }) {
  const row = useRecordContext<AdminAgreementRow>();
  if (!row) return null;
  return (
    <Chip size="small" variant="outlined" color={row.signed ? 'success' : 'warning'} label={row.signed ? 'Signed' : 'Awaiting signature'} />
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Borrower, loan id or hash" />,
  <NullableBooleanInput key="signed" source="signed" label="Signed" nullLabel="Any" trueLabel="Signed" falseLabel="Unsigned" alwaysOn />,
  <DateInput key="issuedFrom" source="issuedFrom" label="Issued from" alwaysOn />,
  <DateInput key="issuedTo" source="issuedTo" label="Issued to" alwaysOn />,
];

/** /Admin/LoanAgreements: every issued agreement, newest first, with its loan, borrower, dates and SHA-256. */
export function AgreementList() {
  return (
    <List title="Loan agreements" resource="LoanAgreements" filters={filters} sort={{ field: 'issuedAt', order: 'DESC' }} exporter={false}>
      <Datagrid rowClick={(id) => `/Agreement/${id}`} bulkActionButtons={false}>
        <FunctionField label="Loan" sortable={false} render={(r: AdminAgreementRow) => r.loanId.slice(0, 8).toUpperCase()} />
        <TextField source="borrowerName" label="Borrower" sortable={false} />
        <FunctionField label="Amount" sortBy="principal" render={(r: AdminAgreementRow) => formatMoney(r.principal, r.currency)} />
        <DateField source="issuedAt" label="Issued" showTime />
        <DateField source="signedAt" label="Signed" showTime emptyText="—" />
        <SignedField label="Status" />
        <FunctionField
          label="SHA-256"
          sortable={false}
          render={(r: AdminAgreementRow) => <code title={r.documentHash}>{r.documentHash.slice(0, 12)}…</code>}
        />
      </Datagrid>
    </List>
  );
}
