import { Box, Typography } from '@mui/material';
import {
  BooleanInput,
  CreateButton,
  Datagrid,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useCanAccess,
} from 'react-admin';
import { TYPE_CHOICES } from './labels';
import { ActiveField, AmountRangeField, PricingField } from './ProductFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Code or name" />,
  <SelectInput key="type" source="type" choices={TYPE_CHOICES} alwaysOn />,
  <BooleanInput key="active" source="active" label="Open for applications" />,
];

function Actions() {
  const { canAccess } = useCanAccess({ action: 'create', resource: 'Products' });
  return <TopToolbar>{canAccess ? <CreateButton /> : null}</TopToolbar>;
}

function Empty() {
  const { canAccess } = useCanAccess({ action: 'create', resource: 'Products' });
  return (
    <Box sx={{ textAlign: 'center', m: 4 }}>
      <Typography variant="h6" component="p" gutterBottom>
        No loan products yet
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Borrowers can apply only for an open product of the type they choose.
      </Typography>
      {canAccess ? <CreateButton /> : null}
    </Box>
  );
}

/** /Admin/Products: the loan products at their current version. */
export function ProductList() {
  return (
    <List
      title="Loan products"
      filters={filters}
      sort={{ field: 'code', order: 'ASC' }}
      actions={<Actions />}
      empty={<Empty />}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="code" />
        <TextField source="name" />
        <TextField source="type" />
        <AmountRangeField label="Amount" sortBy="minAmount" />
        <PricingField label="Pricing" sortBy="annualRatePercent" />
        <NumberField source="version" />
        <ActiveField label="Status" sortBy="active" />
      </Datagrid>
    </List>
  );
}
