import { BooleanField, Datagrid, List, TextField } from 'react-admin';

/** /Admin/Accounts: the chart of accounts (seeded with an Indian NBFC's default, migration 0042), by code. */
export function AccountList() {
  return (
    <List title="Chart of accounts" sort={{ field: 'code', order: 'ASC' }} exporter={false} pagination={false} perPage={500}>
      <Datagrid bulkActionButtons={false} rowClick={false} data-testid="accounts">
        <TextField source="code" label="Code" sortable={false} />
        <TextField source="name" label="Name" sortable={false} />
        <TextField source="type" label="Type" sortable={false} />
        <TextField source="parentCode" label="Parent" sortable={false} emptyText="—" />
        <BooleanField source="active" label="Active" sortable={false} />
        <TextField source="description" label="Description" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}
