import {
  BooleanInput,
  Datagrid,
  EmailField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  CreateButton,
  useCanAccess,
  useListContext,
} from 'react-admin';
import { useEffect, useRef } from 'react';
import { usePresenceConnected } from '../providers/presence';
import { LastSeenField, OnlineField, StatusField } from './UserFields';
import { PhoneField } from '../phones/PhoneField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name or email" />,
  <ReferenceInput key="roleId" source="roleId" reference="Roles" sort={{ field: 'name', order: 'ASC' }} alwaysOn>
    <SelectInput label="Role" optionText="name" />
  </ReferenceInput>,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    choices={[
      { id: 'active', name: 'Active' },
      { id: 'disabled', name: 'Disabled' },
    ]}
  />,
  <BooleanInput key="online" source="online" label="Online now" />,
];

function Actions() {
  const { canAccess } = useCanAccess({ action: 'create', resource: 'Users' });
  return <TopToolbar>{canAccess ? <CreateButton /> : null}</TopToolbar>;
}

/** Presence changes without anyone editing a user: the list polls so the online column stays true. */
export const PRESENCE_REFRESH_MS = 5000;

/**
 * The list is often first read before this page's own presence socket has connected, and would then show the
 * reader "offline" until the next poll: read it again the moment the socket connects (or reconnects).
 */
function RefetchWhenPresenceConnects() {
  const connected = usePresenceConnected();
  const { refetch } = useListContext();
  // Only on a change to connected: a page already connected when the list opens has its first read up to date.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) void refetch();
    wasConnected.current = connected;
  }, [connected, refetch]);
  return null;
}

/** /Admin/Users: staff users with their role and whether they are online. */
export function UserList() {
  return (
    <List
      title="Staff users"
      queryOptions={{ refetchInterval: PRESENCE_REFRESH_MS }}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<Actions />}
      exporter={false}
    >
      <RefetchWhenPresenceConnects />
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <EmailField source="email" />
        <PhoneField source="phone" sortable={false} />
        <TextField source="roleName" label="Role" sortable={false} />
        <StatusField label="Status" sortable={false} />
        <OnlineField label="Presence" sortable={false} />
        <LastSeenField label="Last seen" sortBy="lastSeenAt" />
      </Datagrid>
    </List>
  );
}
