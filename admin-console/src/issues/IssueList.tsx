import { Chip } from '@mui/material';
import { Datagrid, FunctionField, List, NullableBooleanInput, SearchInput, SelectField, SelectInput, TextField } from 'react-admin';
import { DateField } from '../fields/DateField';
import type { AdminIssueRow } from '@lending/web-common/api';
import { ageText, CATEGORY_CHOICES, STATUS_CHOICES } from './issueChoices';
import { useAssignees } from './useAssignees';

function Filters() {
  const assignees = useAssignees();
  return [
    <SearchInput key="q" source="q" placeholder="#number or text" alwaysOn />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    <SelectInput key="category" source="category" choices={CATEGORY_CHOICES} alwaysOn />,
    <SelectInput key="assignedTo" source="assignedTo" label="Assignee" choices={assignees} alwaysOn />,
    <NullableBooleanInput key="overdue" source="overdue" label="Overdue" alwaysOn />,
  ];
}

/** An issue's age against the service level; overdue in red. */
export function AgeChip({ issue }: { issue: Pick<AdminIssueRow, 'ageHours' | 'overdue' | 'slaHours'> }) {
  return (
    <Chip
      size="small"
      color={issue.overdue ? 'error' : 'default'}
      variant={issue.overdue ? 'filled' : 'outlined'}
      label={`${ageText(issue.ageHours)}${issue.overdue ? ' · overdue' : ''}`}
      title={`Service level: ${issue.slaHours} h`}
    />
  );
}

/** /Admin/Issues: borrowers' help issues, oldest first, overdue ones highlighted. */
export function IssueList() {
  return (
    <List title="Issues" filters={Filters()} sort={{ field: 'createdAt', order: 'ASC' }} exporter={false}>
      <Datagrid
        rowClick="edit"
        bulkActionButtons={false}
        rowSx={(r: AdminIssueRow) => (r.overdue && r.status !== 'resolved' && r.status !== 'closed' ? { backgroundColor: '#fdecea' } : {})}
      >
        <FunctionField source="number" label="#" render={(r: AdminIssueRow) => `#${r.number}`} />
        <SelectField source="category" choices={CATEGORY_CHOICES} />
        <TextField source="borrowerName" label="Borrower" sortable={false} emptyText="—" />
        <TextField
          source="message"
          sortable={false}
          sx={{ display: 'block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        />
        <SelectField source="status" choices={STATUS_CHOICES} />
        <TextField source="assigneeName" label="Assignee" sortable={false} emptyText="Unassigned" />
        <DateField source="createdAt" label="Raised" showTime />
        <FunctionField label="Age" render={(r: AdminIssueRow) => <AgeChip issue={r} />} />
      </Datagrid>
    </List>
  );
}
