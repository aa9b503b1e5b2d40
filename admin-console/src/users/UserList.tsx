import { BooleanInput, Datagrid, EmailField, List, ReferenceInput, SearchInput, SelectInput, TextField, TopToolbar, CreateButton, useCanAccess } from 'react-admin';
import { LastSeenField, OnlineField, StatusField } from './UserFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or email" />,
  <ReferenceInput key="roleId" source="roleId" reference="Roles" alwaysOn>
    <SelectInput label="Role" optionText="name" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" alwaysOn choices={[{ id: 'active', name: 'Active' }, { id: 'disabled', name: 'Disabled' }]} />,
  <BooleanInput key="online" source="online" label="Online now" />,
];

function Actions() {
  const { canAccess } = useCanAccess({ action: 'create', resource: 'Users' });
  return <TopToolbar>{canAccess ? <CreateButton /> : null}</TopToolbar>;
}

/** /Admin/Users: staff users with their role and whether they are online. */
export function UserList() {
  return (
    <List title="Staff users" filters={filters} sort={{ field: 'name', order: 'ASC' }} actions={<Actions />} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <TextField source="phone" sortable={false} emptyText="—" />
        <TextField source="roleName" label="Role" sortable={false} />
        <StatusField label="Status" sortable={false} />
        <OnlineField label="Presence" sortable={false} />
        <LastSeenField label="Last seen" sortBy="lastSeenAt" />
      </Datagrid>
    </List>
  );
}
