import { Alert, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Create,
  DateInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  required,
  useGetList,
} from 'react-admin';
import { formatMoney } from '@lending/web-common/format';
import { DEFAULT_CURRENCY } from '../loans/labels';
import { draftTotals, paiseOf, type Account, type DraftLine } from './api';

type Draft = { date?: string; narration?: string; lines?: DraftLine[] };

/** The lines' debit and credit totals as they are typed, and what still keeps the entry from being sent. */
function Totals() {
  const lines = useWatch<Draft>({ name: 'lines' }) as DraftLine[] | undefined;
  const totals = draftTotals(lines);
  return (
    <>
      <Typography variant="body2" data-testid="manual-entry-totals">
        Debits {formatMoney(totals.debit, DEFAULT_CURRENCY)} · Credits {formatMoney(totals.credit, DEFAULT_CURRENCY)}
        {totals.debit !== totals.credit ? ` · difference ${formatMoney(Math.abs(totals.debit - totals.credit), DEFAULT_CURRENCY)}` : ''}
      </Typography>
      {totals.problem ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {totals.problem}
        </Alert>
      ) : null}
    </>
  );
}

function SubmitWhenBalanced() {
  const lines = useWatch<Draft>({ name: 'lines' }) as DraftLine[] | undefined;
  return (
    <Toolbar>
      <SaveButton label="Propose" disabled={draftTotals(lines).problem !== null} />
    </Toolbar>
  );
}

/** Sent in paise: the form takes rupees. */
const transform = (draft: Draft) => ({
  date: draft.date,
  narration: draft.narration,
  lines: (draft.lines ?? []).map((l) => ({ accountCode: l.accountCode, debit: paiseOf(l.debit), credit: paiseOf(l.credit) })),
});

const validate = (draft: Draft) => {
  const problem = draftTotals(draft.lines).problem;
  return problem ? { lines: problem } : {};
};

/** /Admin/ManualEntries/create: propose a manual entry (the maker); a second person approves it before it is posted. */
export function ManualEntryCreate() {
  const { data: accounts } = useGetList<Account & { id: string }>('Accounts', { pagination: { page: 1, perPage: 500 } });
  // Headings (accounts with accounts under them) and inactive accounts take no postings.
  const parents = new Set((accounts ?? []).map((a) => a.parentCode));
  const choices = (accounts ?? [])
    .filter((a) => a.active && !parents.has(a.code))
    .map((a) => ({ id: a.code, name: `${a.code} ${a.name}` }));
  return (
    <Create title="Propose a manual entry" transform={transform} redirect="list">
      <SimpleForm
        validate={validate}
        toolbar={<SubmitWhenBalanced />}
        defaultValues={{
          lines: [
            { accountCode: '', debit: '', credit: '' },
            { accountCode: '', debit: '', credit: '' },
          ],
        }}
      >
        <DateInput source="date" label="Date" validate={required()} />
        <TextInput source="narration" label="Narration" validate={required()} fullWidth />
        <ArrayInput source="lines" label="Lines">
          <SimpleFormIterator inline disableReordering>
            <SelectInput source="accountCode" label="Account" choices={choices} />
            <TextInput source="debit" label="Debit (₹)" />
            <TextInput source="credit" label="Credit (₹)" />
          </SimpleFormIterator>
        </ArrayInput>
        <Totals />
      </SimpleForm>
    </Create>
  );
}
