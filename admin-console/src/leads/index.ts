import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const LeadList = lazy(() => withChunkRecovery(import('./LeadList')).then((m) => ({ default: m.LeadList })));
const AgentLeadList = lazy(() => withChunkRecovery(import('./LeadList')).then((m) => ({ default: m.AgentLeadList })));
const LeadEdit = lazy(() => withChunkRecovery(import('./LeadEdit')).then((m) => ({ default: m.LeadEdit })));
const AgentLeadEdit = lazy(() => withChunkRecovery(import('./LeadEdit')).then((m) => ({ default: m.AgentLeadEdit })));
const LeadCreate = lazy(() => withChunkRecovery(import('./LeadCreate')).then((m) => ({ default: m.LeadCreate })));
const AgentLeadCreate = lazy(() => withChunkRecovery(import('./LeadCreate')).then((m) => ({ default: m.AgentLeadCreate })));

/** /Admin/Leads and /Admin/Leads/{id} (leads.manage). */
export const leads = { list: LeadList, edit: LeadEdit, create: LeadCreate, icon: PersonSearchIcon, recordRepresentation: 'name' };
/** /Admin/agentLeads and /Admin/agentLeads/{id}: the signed-in agent's own leads (leads.work). */
export const agentLeads = {
  list: AgentLeadList,
  edit: AgentLeadEdit,
  create: AgentLeadCreate,
  icon: ContactPhoneIcon,
  recordRepresentation: 'name',
};
