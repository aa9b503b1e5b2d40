import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@lending/web-common/http';

type AsyncState<T> = { data: T | null; error: ApiError | null; loading: boolean };

/** Loads data for a page; `reload` fetches again, `setData` applies a command's answer without a round trip. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ data: null, error: null, loading: true });
  const [attempt, setAttempt] = useState(0);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    run(controller.signal).then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setState({
          data: null,
          error: error instanceof ApiError ? error : new ApiError({ type: 'internal-error', status: 500, detail: String(error) }),
          loading: false,
        });
      },
    );
    return () => controller.abort();
  }, [run, attempt]);
  return {
    ...state,
    reload: useCallback(() => setAttempt((a) => a + 1), []),
    setData: useCallback((data: T) => setState({ data, error: null, loading: false }), []),
  };
}
