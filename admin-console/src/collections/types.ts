/** The collections API's shapes, from the generated API types (docs/api.md "Collections"). */
export type {
  CollectionBucketCounts,
  CollectionContact,
  CollectionRow,
  Collector,
  CollectorAssignment,
  LoanDelinquency,
  RecordContactBody,
  SettlementOffer,
  WriteOff,
} from '@lending/web-common/api';
