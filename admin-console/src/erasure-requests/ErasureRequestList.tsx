import { Datagrid, List, SelectField, SelectInput, TextField } from 'react-admin';
import { DateField } from '../fields/DateField';
import { ERASURE_STATUS_CHOICES } from './erasureChoices';

const filters = [<SelectInput key="status" source="status" choices={ERASURE_STATUS_CHOICES} alwaysOn />];

/** /Admin/ErasureRequests: borrowers' requests to erase their data (DPDP Act, 2023), the oldest first. */
export function ErasureRequestList() {
  return (
    <List
      title="Erasure requests"
      filters={filters}
      filterDefaultValues={{ status: 'requested' }}
      sort={{ field: 'requestedAt', order: 'ASC' }}
      exporter={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="borrowerName" label="Borrower" sortable={false} emptyText="—" />
        <DateField source="requestedAt" label="Asked" showTime />
        <SelectField source="status" choices={ERASURE_STATUS_CHOICES} />
        <TextField source="reason" sortable={false} emptyText="—" />
        <DateField source="carriedOutAt" label="Carried out" showTime emptyText="—" />
      </Datagrid>
    </List>
  );
}
