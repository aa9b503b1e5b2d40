import { BooleanField, CreateButton, Datagrid, List, SelectInput, TextField, TopToolbar } from 'react-admin';
import { DateField } from '../fields/DateField';
import { STATE_CHOICES } from './StatePageInputs';

const filters = [<SelectInput key="state" source="state" choices={STATE_CHOICES} alwaysOn />];

/** /Admin/StatePages: each state and city page with its portal path. */
export function StatePageList() {
  return (
    <List
      title="State pages"
      filters={filters}
      sort={{ field: 'state', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="state" />
        <TextField source="city" />
        <TextField source="path" label="Portal path" sortable={false} />
        <TextField source="title" />
        <BooleanField source="active" />
        <DateField source="updatedAt" label="Updated" showTime />
      </Datagrid>
    </List>
  );
}
