import { DateInput, SearchInput, SelectInput } from 'react-admin';

export const LOAN_TYPE_CHOICES = [
  { id: 'EMI', name: 'EMI' },
  { id: 'salaryAdvance', name: 'Salary advance' },
];

/** The list API's filters (docs/api.md "Filters"): text search, type and a creation date range. */
export function loanFilters(withType: boolean) {
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder="Search borrower or loan" />,
    ...(withType ? [<SelectInput key="type" source="type" label="Type" choices={LOAN_TYPE_CHOICES} alwaysOn />] : []),
    <DateInput key="createdFrom" source="createdFrom" label="Created from" alwaysOn />,
    <DateInput key="createdTo" source="createdTo" label="Created before" alwaysOn />,
  ];
}
