import { Card, CardContent, CardHeader, CircularProgress, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { cappedTotalLabel } from '@lending/web-common/list-total';
import { useDataProvider } from 'react-admin';
import { Link } from 'react-router-dom';
import { CLASSIFICATIONS, CLASSIFICATION_LABELS } from '../collections/classification';
import { BUCKET_COUNTS_REFRESH_MS } from '../collections/useCollections';

/**
 * The active book by RBI classification: one count per classification, the total of the Active bucket filtered by it
 * (GET /api/admin/collections with a one-row page: the server counts, nothing is summed here; "10,000+" beyond).
 */
function useClassificationCounts() {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['collections-by-classification'],
    refetchInterval: BUCKET_COUNTS_REFRESH_MS,
    queryFn: async () => {
      const totals = await Promise.all(
        CLASSIFICATIONS.map(async (classification) => {
          const { total, pageInfo } = await dataProvider.getList('Collections', {
            filter: { bucket: 'Active', classification },
            pagination: { page: 1, perPage: 1 },
            sort: { field: 'dpd', order: 'DESC' },
          });
          // Over 10,000 the API states no exact total (docs/api.md "Lists"): "10,000+".
          return [classification, total ?? (pageInfo?.hasNextPage ? cappedTotalLabel() : 0)] as const;
        }),
      );
      return Object.fromEntries(totals) as Record<(typeof CLASSIFICATIONS)[number], number | string>;
    },
  });
}

/** Card "Book by classification": active loans per classification, each a link to the filtered Active tab. */
export function ClassificationPanel() {
  const { data, isPending, error } = useClassificationCounts();
  return (
    <Card variant="outlined" data-testid="panel-classification">
      <CardHeader
        title="Book by classification"
        subheader="Active loans, RBI classification"
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <CircularProgress size={24} aria-label="Loading the book by classification" />
        ) : error ? (
          <Typography color="error">{error.message}</Typography>
        ) : (
          <Table size="small" aria-label="Book by classification">
            <TableBody>
              {CLASSIFICATIONS.map((classification) => (
                <TableRow key={classification}>
                  <TableCell>
                    <Link to={`/Collections?tab=Active&classification=${encodeURIComponent(classification)}`}>
                      {CLASSIFICATION_LABELS[classification]}
                    </Link>
                  </TableCell>
                  <TableCell align="right" data-testid={`classification-${classification}`}>
                    {data[classification]}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
