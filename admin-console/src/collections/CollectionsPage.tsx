import { Box, Tab, Tabs } from '@mui/material';
import { Title } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { BUCKET_SPECS, COLLECTIONS_TABS, bucketCount, bucketTitle, tabFromSearch, tabPath } from './buckets';
import { isClassification } from './classification';
import { CollectionList } from './CollectionList';
import { useBucketCounts } from './useCollections';

/** /Admin/Collections: a tab per bucket of the spec, the tab in the URL (?tab=Overdue) so it can be linked. */
export function CollectionsPage() {
  const { search } = useLocation();
  const tab = tabFromSearch(search);
  const classification = new URLSearchParams(search).get('classification');
  const { data: counts } = useBucketCounts();
  return (
    <Box sx={{ pt: 1, minWidth: 0 }}>
      <Title title={bucketTitle(tab)} />
      <Tabs
        value={tab}
        aria-label="Collection buckets"
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {COLLECTIONS_TABS.map((bucket) => {
          const count = bucketCount(counts, bucket);
          return (
            <Tab
              key={bucket}
              value={bucket}
              component={Link}
              to={tabPath(bucket)}
              id={`collections-tab-${bucket}`}
              aria-controls="collections-tabpanel"
              label={count === undefined ? BUCKET_SPECS[bucket].label : `${BUCKET_SPECS[bucket].label} (${count})`}
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id="collections-tabpanel" aria-labelledby={`collections-tab-${tab}`}>
        <CollectionList
          key={`${tab}.${classification ?? ''}`}
          bucket={tab}
          via="tab"
          title={false}
          initialFilters={isClassification(classification) ? { classification } : undefined}
        />
      </Box>
    </Box>
  );
}
