import { Link, useLocation } from 'react-router';

const TITLES: Record<number, string> = {
  400: 'That request did not look right',
  401: 'Please sign in again',
  403: 'This page is not available to you',
  404: 'We could not find that',
  409: 'Something changed in the meantime',
  429: 'Too many attempts',
  500: 'Something went wrong on our side',
  503: 'We are briefly unavailable',
};

/** An error page: the detail is printed only for a 500 (spec §2); other statuses get a plain sentence. */
export function ErrorView({ status, detail }: { status: number; detail?: string }) {
  const title = TITLES[status] ?? (status === 0 ? 'We could not reach our servers' : 'Something went wrong');
  return (
    <section className="error-view" role="alert">
      <p className="error-view__status">{status > 0 ? `Error ${status}` : 'Offline'}</p>
      <h1>{title}</h1>
      {status === 500 && detail && <pre className="error-view__detail">{detail}</pre>}
      <p>
        Try again in a moment, or <Link to="/">go to the home page</Link>. If this keeps happening, <Link to="/Contact-us">contact us</Link>
        .
      </p>
    </section>
  );
}

export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section className="error-view" role="alert">
      <p className="error-view__status">Error 404</p>
      <h1>Page not found: {pathname}</h1>
      <p>
        The address may be mistyped (addresses are case-sensitive) or the page has moved. <Link to="/">Go to the home page</Link>.
      </p>
    </section>
  );
}
