import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useGetList,
  useListContext,
  useNotify,
} from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { accountingApi, entrySource, type Account, type JournalEntry } from './api';
import { JournalLines } from './JournalLines';

function AccountFilter(props: { source: string; label: string; alwaysOn: boolean }) {
  const { data } = useGetList<Account & { id: string }>('Accounts', { pagination: { page: 1, perPage: 500 } });
  return <SelectInput {...props} choices={(data ?? []).map((a) => ({ id: a.code, name: `${a.code} ${a.name}` }))} />;
}

const filters = [
  <AccountFilter key="accountCode" source="accountCode" label="Account" alwaysOn />,
  <TextInput key="loanId" source="loanId" label="Loan id" alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
];

/** Downloads the entries the filters select as CSV (one row per line). */
function ExportCsv() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const download = () =>
    accountingApi
      .download(`accounting/journal-entries.csv?filter=${encodeURIComponent(JSON.stringify(filterValues))}`, 'journal-entries.csv')
      .catch((error: Error) => notify(error.message, { type: 'error' }));
  return (
    <TopToolbar>
      <Button size="small" onClick={download}>
        Export CSV
      </Button>
    </TopToolbar>
  );
}

/** /Admin/JournalEntries: the entries derived from the loan events, newest value date first, filtered by account, loan and dates. */
export function JournalEntryList() {
  return (
    <List
      title="Journal entries"
      filters={filters}
      sort={{ field: 'valueDate', order: 'DESC' }}
      exporter={false}
      actions={<ExportCsv />}
      perPage={25}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        data-testid="journal-entries"
        sx={{ '& .RaDatagrid-rowCell': { verticalAlign: 'top' } }}
      >
        <FunctionField
          label="Value date"
          sortBy="valueDate"
          render={(e: JournalEntry) =>
            e.originalValueDate ? `${e.valueDate} (for ${e.originalValueDate}, in a closed period)` : e.valueDate
          }
        />
        <TextField source="id" label="Entry" sortable={false} />
        <FunctionField label="Event" render={(e: JournalEntry) => entrySource(e)} />
        <FunctionField
          label="Loan"
          render={(e: JournalEntry) =>
            e.loanId === null ? `Manual: ${e.narration ?? ''}` : <Link to={`/Loan/Active/Emi/${e.loanId}`}>{e.loanId.slice(0, 8)}</Link>
          }
        />
        <FunctionField
          label="Amount"
          sortBy="amount"
          textAlign="right"
          render={(e: JournalEntry) => formatMoney(e.amount, DEFAULT_CURRENCY)}
        />
        <FunctionField label="Lines" render={(e: JournalEntry) => <JournalLines lines={e.lines} caption={`Entry ${e.id}`} />} />
      </Datagrid>
    </List>
  );
}
