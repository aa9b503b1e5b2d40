import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '@lending/web-common/http';
import { recoverFromChunkError } from '@lending/web-common/updates';
import { ErrorView, NotFound } from './ErrorView';

/** The router's error element: unmatched paths, failed chunk loads (reload once after a new build), crashes. */
export function ErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    void recoverFromChunkError(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    return <ErrorView status={error.status} detail={typeof error.data === 'string' ? error.data : error.statusText} />;
  }
  if (error instanceof ApiError) return <ErrorView status={error.status} detail={error.message} />;
  return <ErrorView status={500} detail={error instanceof Error ? error.message : String(error)} />;
}
