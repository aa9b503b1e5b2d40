import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';

const AccountList = lazy(() => withChunkRecovery(import('./AccountList')).then((m) => ({ default: m.AccountList })));
const JournalEntryList = lazy(() => withChunkRecovery(import('./JournalEntryList')).then((m) => ({ default: m.JournalEntryList })));

const ManualEntryList = lazy(() => withChunkRecovery(import('./ManualEntryList')).then((m) => ({ default: m.ManualEntryList })));
const ManualEntryCreate = lazy(() => withChunkRecovery(import('./ManualEntryCreate')).then((m) => ({ default: m.ManualEntryCreate })));

export const accounts = { list: AccountList };
export const manualEntries = { list: ManualEntryList, create: ManualEntryCreate };
export const PeriodsPage = lazy(() => withChunkRecovery(import('./PeriodsPage')).then((m) => ({ default: m.PeriodsPage })));
export const journalEntries = { list: JournalEntryList };
export const TrialBalancePage = lazy(() => withChunkRecovery(import('./TrialBalancePage')).then((m) => ({ default: m.TrialBalancePage })));
export const ReconciliationPage = lazy(() =>
  withChunkRecovery(import('./ReconciliationPage')).then((m) => ({ default: m.ReconciliationPage })),
);
