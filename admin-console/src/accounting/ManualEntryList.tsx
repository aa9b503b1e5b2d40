import { Stack, Typography } from '@mui/material';
import { CreateButton, Datagrid, FunctionField, List, SelectInput, TextField, TopToolbar, useGetIdentity } from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import { DateField } from '../fields/DateField';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { useAccess } from '../permissions/useAccess';
import { accountingApi, type ManualEntry } from './api';
import { DecisionButtons } from './DecisionButtons';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    alwaysOn
    choices={[
      { id: 'proposed', name: 'Waiting for approval' },
      { id: 'approved', name: 'Approved (posted)' },
      { id: 'rejected', name: 'Rejected' },
    ]}
  />,
];

/** The checker's buttons on a proposed entry: approve (posted) or reject with a reason; never offered to its maker. */
function Decide({ entry }: { entry: ManualEntry }) {
  const { identity } = useGetIdentity();
  if (identity?.id === undefined) return null;
  if (String(identity.id) === entry.proposedBy)
    return (
      <Typography variant="body2" color="text.secondary">
        Waiting for a second person
      </Typography>
    );
  return (
    <DecisionButtons
      of="entry"
      approved="Entry approved and posted"
      rejected="Entry rejected"
      decide={(decision, reason) => accountingApi.decideManualEntry(entry.id, decision, reason)}
    />
  );
}

function Actions() {
  const canPost = useAccess('create', 'ManualEntries');
  return <TopToolbar>{canPost ? <CreateButton label="Propose an entry" /> : null}</TopToolbar>;
}

/** /Admin/ManualEntries: manual journal entries, maker-checker (docs/accounting.md "Manual journal entries"). */
export function ManualEntryList() {
  const canDecide = useAccess('approve', 'ManualEntries');
  return (
    <List title="Manual entries" filters={filters} sort={{ field: 'proposedAt', order: 'DESC' }} exporter={false} actions={<Actions />}>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        data-testid="manual-entries"
        sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'top' } }}
      >
        <DateField source="date" label="Date" sortBy="date" />
        <TextField source="narration" label="Narration" sortable={false} />
        <FunctionField
          label="Lines"
          render={(e: ManualEntry) => (
            <Stack component="ul" sx={{ m: 0, pl: 2 }}>
              {e.lines.map((l, i) => (
                <li key={i}>
                  {l.accountCode}{' '}
                  {l.debit > 0 ? `Dr ${formatMoney(l.debit, DEFAULT_CURRENCY)}` : `Cr ${formatMoney(l.credit, DEFAULT_CURRENCY)}`}
                </li>
              ))}
            </Stack>
          )}
        />
        <FunctionField
          label="Amount"
          sortBy="amount"
          textAlign="right"
          render={(e: ManualEntry) => formatMoney(e.amount, DEFAULT_CURRENCY)}
        />
        <FunctionField
          label="Status"
          sortBy="status"
          render={(e: ManualEntry) => (e.status === 'rejected' && e.reason ? `rejected: ${e.reason}` : e.status)}
        />
        <DateField source="proposedAt" label="Proposed" showTime sortBy="proposedAt" />
        <FunctionField label="" render={(e: ManualEntry) => (e.status === 'proposed' && canDecide ? <Decide entry={e} /> : null)} />
      </Datagrid>
    </List>
  );
}
