import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const AccountList = lazy(() => withChunkRecovery(import('./AccountList')).then((m) => ({ default: m.AccountList })));
const JournalEntryList = lazy(() => withChunkRecovery(import('./JournalEntryList')).then((m) => ({ default: m.JournalEntryList })));

export const accounts = { list: AccountList };
export const journalEntries = { list: JournalEntryList };
export const TrialBalancePage = lazy(() => withChunkRecovery(import('./TrialBalancePage')).then((m) => ({ default: m.TrialBalancePage })));
export const ReconciliationPage = lazy(() =>
  withChunkRecovery(import('./ReconciliationPage')).then((m) => ({ default: m.ReconciliationPage })),
);
