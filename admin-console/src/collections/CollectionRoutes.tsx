import { lazy } from 'react';
import { withChunkRecovery } from '@lending/web-common/updates';
import { Route } from 'react-router-dom';
import { COLLECTION_DETAIL_PAGES, COLLECTION_PAGES } from './buckets';

const CollectionList = lazy(() => withChunkRecovery(import('./CollectionList')).then((m) => ({ default: m.CollectionList })));
const CollectionsPage = lazy(() => withChunkRecovery(import('./CollectionsPage')).then((m) => ({ default: m.CollectionsPage })));
const CollectionShow = lazy(() => withChunkRecovery(import('./CollectionShow')).then((m) => ({ default: m.CollectionShow })));

/** The spec's /Admin/Collection/{bucket} pages and their detail pages, and /Admin/Collections with its tabs, case-sensitive. */
export const collectionRoutes = [
  ...COLLECTION_PAGES.map((bucket) => (
    <Route key={bucket} path={`/Collection/${bucket}`} caseSensitive element={<CollectionList key={bucket} bucket={bucket} via="page" />} />
  )),
  ...COLLECTION_DETAIL_PAGES.map((bucket) => (
    <Route key={`${bucket}/:id`} path={`/Collection/${bucket}/:id`} caseSensitive element={<CollectionShow />} />
  )),
  <Route key="Collections" path="/Collections" caseSensitive element={<CollectionsPage />} />,
  <Route key="Collections/:id" path="/Collections/:id" caseSensitive element={<CollectionShow />} />,
];
