import { lazy, type ComponentType } from 'react';

export type LazyPage = ComponentType & {
  /** Starts loading the page's chunk (once); the page renders without suspending once it has loaded. */
  preload(): Promise<ComponentType>;
};

/**
 * A page loaded on first visit, like React.lazy, but rendered at once, without suspending, when its chunk has already
 * loaded (preload()). React.lazy suspends on its first render even then, and its Suspense boundary (react-admin's
 * layout) then waits for a retry render that the menu's and the queries' own updates keep interrupting: on the
 * console's first load the dashboard was shown about a second after its chunk and its data were in (issue 11).
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (page) => (loaded = page),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((page) => ({ default: page })));
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  };
  return Object.assign(Page, { preload });
}
