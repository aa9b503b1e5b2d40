import { Create, SelectInput, SimpleForm } from 'react-admin';
import { LeadInputs } from './LeadInputs';
import { leadBody } from './leadStatus';

/** /Admin/Leads/create: a lead from an agent or an import list. */
export function LeadCreate() {
  return (
    <Create
      title="New lead"
      redirect="edit"
      transform={(r: Record<string, unknown>) => ({ ...leadBody(r, { withAgent: true }), source: r.source ?? 'agent' })}
    >
      <SimpleForm sx={{ maxWidth: 640 }} defaultValues={{ source: 'agent' }}>
        <LeadInputs withAgent />
        <SelectInput
          source="source"
          choices={[
            { id: 'agent', name: 'Agent' },
            { id: 'import', name: 'Import' },
          ]}
        />
      </SimpleForm>
    </Create>
  );
}

/** /Admin/agentLeads/create: a walk-in customer, assigned to me. */
export function AgentLeadCreate() {
  return (
    <Create title="New walk-in lead" redirect="edit" transform={(r: Record<string, unknown>) => leadBody(r, { withAgent: false })}>
      <SimpleForm sx={{ maxWidth: 640 }}>
        <LeadInputs withAgent={false} />
      </SimpleForm>
    </Create>
  );
}
