import {
  BooleanField,
  CreateButton,
  Datagrid,
  ImageField,
  List,
  NumberField,
  SelectField,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { DateField } from '../fields/DateField';
import { AUDIENCE_CHOICES } from './BannerInputs';

const filters = [<SelectInput key="audience" source="audience" choices={AUDIENCE_CHOICES} alwaysOn />];

/** /Admin/Banners: every banner with its audience and schedule. */
export function BannerList() {
  return (
    <List
      title="Banners"
      filters={filters}
      sort={{ field: 'order', order: 'ASC' }}
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <ImageField
          source="imageUrl"
          label="Picture"
          title="title"
          sortable={false}
          sx={{ '& img': { maxWidth: 120, maxHeight: 40, objectFit: 'cover' } }}
        />
        <TextField source="title" />
        <SelectField source="audience" choices={AUDIENCE_CHOICES} />
        <DateField source="startsAt" label="From" showTime />
        <DateField source="endsAt" label="Until" showTime emptyText="—" />
        <NumberField source="order" />
        <BooleanField source="active" />
      </Datagrid>
    </List>
  );
}
