import type { AdminCustomerRow } from '@lending/web-common/api';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCanAccess, useDataProvider } from 'react-admin';
import { customerOptionLabel } from './leadStatus';

/**
 * The borrower a converted lead became, picked among customers (/api/admin/customers, searched by name, phone,
 * email, PAN last four or loan id). Staff without customers.view type the borrower's id instead.
 */
export function BorrowerPicker({
  value,
  onChange,
  error,
  helperText,
}: {
  value: string;
  onChange: (id: string) => void;
  error: boolean;
  helperText: string;
}) {
  const { canAccess, isPending } = useCanAccess({ action: 'list', resource: 'Customers' });
  const dataProvider = useDataProvider();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<AdminCustomerRow | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const { data: options = [], isFetching } = useQuery({
    queryKey: ['customer-picker', search],
    enabled: !!canAccess,
    queryFn: async () =>
      (
        await dataProvider.getList<AdminCustomerRow>('Customers', {
          filter: search ? { q: search } : {},
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'name', order: 'ASC' },
        })
      ).data,
  });

  if (isPending) return null;
  if (!canAccess)
    return <TextField label="Borrower id" value={value} onChange={(e) => onChange(e.target.value)} error={error} helperText={helperText} />;
  return (
    <Autocomplete
      options={options}
      value={picked && picked.id === value ? picked : null}
      onChange={(_e, customer) => {
        setPicked(customer);
        onChange(customer?.id ?? '');
      }}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      filterOptions={(o) => o}
      getOptionLabel={customerOptionLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isFetching}
      noOptionsText={search ? 'No customer matches' : 'Type a name, phone or email'}
      renderInput={(params) => <TextField {...params} label="Borrower" error={error} helperText={helperText} />}
    />
  );
}
