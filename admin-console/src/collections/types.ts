/** The collections API's shapes, from the generated API types (docs/api.md "Collections"). */
export type { CollectionBucketCounts, CollectionContact, CollectionRow, Collector, CollectorAssignment, RecordContactBody } from '@lending/web-common/api';
