import { useQuery } from '@tanstack/react-query';
import { DateInput, required, SelectInput, TextInput, useDataProvider } from 'react-admin';
import type { LendingDataProvider } from '../providers/dataProvider';

/** The active staff to assign a lead to (leads.manage only). */
function AgentInput() {
  const dataProvider = useDataProvider<LendingDataProvider>();
  const { data } = useQuery({ queryKey: ['lead-agents'], queryFn: () => dataProvider.leadAgents() });
  return (
    <SelectInput
      source="assignedTo"
      label="Agent"
      choices={(data ?? []).map((a) => ({ id: a.id, name: `${a.name} (${a.email})` }))}
      emptyText="Unassigned"
    />
  );
}

export function LeadInputs({ withAgent }: { withAgent: boolean }) {
  return (
    <>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="phone" validate={required()} helperText="10 digits, or + and the country code" />
      <TextInput source="email" type="email" fullWidth />
      <DateInput source="followUpOn" label="Follow up on" />
      {withAgent ? <AgentInput /> : null}
    </>
  );
}
