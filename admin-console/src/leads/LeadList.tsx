import { Box, Typography } from '@mui/material';
import { CreateButton, Datagrid, List, SearchInput, SelectField, SelectInput, TextField, TopToolbar } from 'react-admin';
import { DateField } from '../fields/DateField';
import { DuplicateMarker, StatusChipField } from './LeadFields';
import { SOURCE_CHOICES, STATUS_CHOICES } from './leadStatus';
import { PhoneField } from '../phones/PhoneField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, phone or email" />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="source" source="source" choices={SOURCE_CHOICES} />,
];

function Rows({ withAgent }: { withAgent: boolean }) {
  return (
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <PhoneField source="phone" sortable={false} />
      <TextField source="email" sortable={false} emptyText="—" />
      <StatusChipField label="Status" />
      <SelectField source="source" choices={SOURCE_CHOICES} />
      {withAgent ? <TextField source="assignedToName" label="Agent" sortable={false} emptyText="Unassigned" /> : null}
      <DateField source="followUpOn" label="Follow up" emptyText="—" />
      <DuplicateMarker label="Duplicates" />
      <DateField source="createdAt" label="Created" />
    </Datagrid>
  );
}

function NoLeads({ text, create }: { text: string; create: string }) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, display: 'grid', gap: 2, justifyItems: 'center' }}>
      <Typography variant="h6" component="p" color="text.secondary">
        {text}
      </Typography>
      <CreateButton label={create} variant="contained" />
    </Box>
  );
}

/** /Admin/Leads: every lead, newest first, with filters, status chips and a duplicate marker (leads.manage). */
export function LeadList() {
  return (
    <List
      title="Leads"
      empty={<NoLeads text="No leads yet." create="Create" />}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      exporter={false}
    >
      <Rows withAgent />
    </List>
  );
}

/** /Admin/agentLeads: my leads, follow-ups due today first (the server orders them), then newest (leads.work). */
export function AgentLeadList() {
  return (
    <List
      title="My leads"
      empty={<NoLeads text="No leads are assigned to you yet." create="New walk-in lead" />}
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      actions={
        <TopToolbar>
          <CreateButton label="New walk-in lead" />
        </TopToolbar>
      }
      exporter={false}
    >
      <Rows withAgent={false} />
    </List>
  );
}
