import { Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { BooleanField, Datagrid, List, NumberField, SearchInput, SelectInput, TextField, TopToolbar, useCreatePath } from 'react-admin';
import { DateField } from '../fields/DateField';
import { Link } from 'react-router-dom';
import { useTemplateEvents } from './useTemplateEvents';

function Actions() {
  return (
    <TopToolbar>
      <Button component={Link} to="/EmailTemplates/Add" startIcon={<AddIcon />} size="small">
        Add
      </Button>
    </TopToolbar>
  );
}

/** /Admin/EmailTemplates: every template, the active one per event marked. */
export function EmailTemplateList() {
  const { data: events } = useTemplateEvents();
  const choices = (events ?? []).map((e) => ({ id: e.key, name: e.label }));
  const createPath = useCreatePath();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Name or subject" />,
    <SelectInput key="event" source="event" label="Sent on" choices={choices} alwaysOn />,
  ];
  return (
    <List
      title="Email templates"
      resource="EmailTemplates"
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<Actions />}
      exporter={false}
    >
      <Datagrid rowClick={(id) => `${createPath({ resource: 'EmailTemplates', type: 'list' })}/update/${id}`} bulkActionButtons={false}>
        <TextField source="name" />
        <TextField source="event" label="Sent on" />
        <TextField source="subject" sortable={false} />
        <BooleanField source="active" />
        <NumberField source="version" />
        <DateField source="updatedAt" label="Saved" showTime />
      </Datagrid>
    </List>
  );
}
