import { Edit, SimpleForm } from 'react-admin';
import { LeadInputs } from './LeadInputs';
import { leadBody } from './leadStatus';
import { LeadWork } from './LeadWork';

/** /Admin/Leads/{id}: the lead's fields (and agent), its status, notes and history. */
export function LeadEdit() {
  return (
    <Edit
      title="Lead"
      mutationMode="pessimistic"
      redirect={false}
      transform={(r: Record<string, unknown>) => leadBody(r, { withAgent: true })}
    >
      <SimpleForm sx={{ maxWidth: 640 }}>
        <LeadInputs withAgent />
      </SimpleForm>
      <LeadWork resource="Leads" />
    </Edit>
  );
}

/** /Admin/agentLeads/{id}: one of my leads. */
export function AgentLeadEdit() {
  return (
    <Edit
      title="My lead"
      mutationMode="pessimistic"
      redirect={false}
      transform={(r: Record<string, unknown>) => leadBody(r, { withAgent: false })}
    >
      <SimpleForm sx={{ maxWidth: 640 }}>
        <LeadInputs withAgent={false} />
      </SimpleForm>
      <LeadWork resource="agentLeads" />
    </Edit>
  );
}
