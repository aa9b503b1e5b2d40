import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { BooleanInput, Datagrid, List, NumberField, SearchInput, TextField, TextInput } from 'react-admin';
import { DateField } from '../fields/DateField';
import { PhoneField } from '../phones/PhoneField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Name, phone, email, PAN last 4 or loan id" sx={{ minWidth: 340 }} />,
  <TextInput key="pan" source="pan" label="PAN (last 4)" />,
  <TextInput key="loanId" source="loanId" label="Loan id" />,
  <BooleanInput key="hasLoans" source="hasLoans" label="Has loans" />,
];

function NoCustomers() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h6" component="p" color="text.secondary">
        No customers yet.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Borrowers appear here once they register in the portal or through quick start.
      </Typography>
    </Box>
  );
}

/** /Admin/Customers: every borrower, searchable by name, phone, email, the PAN's last four or a loan id (customers.view). */
export function CustomerList() {
  // A row opens the customer: their page's chunk loads while staff search, not after the click.
  useEffect(() => {
    import('./CustomerShow').catch(() => undefined);
  }, []);
  return (
    <List
      title="Customers"
      resource="Customers"
      empty={<NoCustomers />}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
    >
      <Datagrid rowClick={(id) => `/Customers/${id}`} bulkActionButtons={false}>
        <TextField source="name" />
        <PhoneField source="phone" />
        <TextField source="email" />
        <NumberField source="loanCount" label="Loans" />
        <DateField source="updatedAt" label="Profile updated" showTime />
      </Datagrid>
    </List>
  );
}
