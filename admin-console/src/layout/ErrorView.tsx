import ErrorIcon from '@mui/icons-material/Report';
import { Box, Button, Typography } from '@mui/material';
import type { ErrorInfo } from 'react';
import { Title, useResetErrorBoundaryOnLocationChange } from 'react-admin';
import { Link } from 'react-router-dom';

const SENTENCES: Record<number, string> = {
  0: 'The console could not reach the server. Check the connection and try again.',
  400: 'That request did not look right.',
  401: 'Your session has ended. Please sign in again.',
  403: 'This page is not available to you.',
  404: 'We could not find that.',
  409: 'Something changed in the meantime. Reload the page and try again.',
  429: 'Too many attempts. Wait a moment and try again.',
  503: 'The server is briefly unavailable. Try again in a moment.',
};

/**
 * The HTTP status an error stands for: react-admin's HttpError and the API client's errors carry one; anything
 * else that reaches an error boundary is a fault in the console itself, a 500.
 */
export function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && Number.isInteger(status) ? status : 500;
}

const noop = () => undefined;

/**
 * The console's error view (react-admin's `error` of <Admin> and of the layout). Spec §2: the error itself (message,
 * and the component stack when there is one) is printed only when the status is 500; any other status gets a plain
 * sentence and nothing of the error's text.
 */
export function ErrorView({
  error,
  errorInfo,
  resetErrorBoundary,
}: {
  error: unknown;
  errorInfo?: ErrorInfo;
  resetErrorBoundary?: (...args: unknown[]) => void;
}) {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary ? () => resetErrorBoundary() : noop);
  const status = errorStatus(error);
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Box sx={{ p: 4 }} role="alert" data-testid="error-view">
      <Title title="Error" />
      <Typography variant="h5" component="h1" gutterBottom sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ErrorIcon color="error" aria-hidden />
        {status === 500 ? 'Something went wrong in the console' : (SENTENCES[status] ?? 'Something went wrong. Try again in a moment.')}
      </Typography>
      {status === 500 ? (
        <>
          <Typography
            component="pre"
            data-testid="error-detail"
            sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 14, bgcolor: 'grey.100', p: 2, borderRadius: 1 }}
          >
            {message}
          </Typography>
          {errorInfo?.componentStack ? (
            <Box component="details" sx={{ mb: 2 }}>
              <summary>Where it happened</summary>
              <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12 }}>
                {errorInfo.componentStack}
              </Typography>
            </Box>
          ) : null}
        </>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 2 }}>
        <Button variant="contained" onClick={() => window.history.back()}>
          Go back
        </Button>
        <Link to="/Dashboard">Go to the dashboard</Link>
      </Box>
    </Box>
  );
}
