import { Link, useParams } from 'react-router';
import { getStatePage } from '../../api/state-pages';
import { Loading } from '../../components/Loading';
import { useAsync } from '../../components/useAsync';
import { ErrorView, NotFound } from '../../shell/ErrorView';
import { INDIAN_STATES } from '../User/Profile/section-fields';

/** A place name as a path segment, compared without case: `Tamil Nadu`, `Tamil-Nadu` and `tamil%20nadu` are one. */
const slug = (name: string) =>
  name
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join('-')
    .toLowerCase();
const KNOWN_STATES = new Set(INDIAN_STATES.map((s) => slug(s.value)));

/**
 * The catch-all `/{state}/{city}` (spec §2), read as a public landing page per Indian state and city that staff
 * publish (/Admin/StatePages). Only an active page of a known pair renders; every other two-segment path is
 * 'Page not found: {path}', as any unknown address.
 */
export default function StatePage() {
  const { state = '', city = '' } = useParams();
  // A first segment that is no Indian state is no landing page: no request (`/Contact-us/extra` is simply not found).
  const known = KNOWN_STATES.has(slug(state));
  const page = useAsync((signal) => (known ? getStatePage(state, city, signal) : Promise.resolve(null)), [state, city, known]);
  if (page.error) return <ErrorView status={page.error.status} detail={page.error.message} />;
  if (page.loading) return <Loading />;
  if (!page.data) return <NotFound />;
  const p = page.data;
  return (
    <article className="container prose state-page">
      <p className="muted">
        {p.city}, {p.state}
      </p>
      <h1>{p.title}</h1>
      {p.offer ? <p className="state-page__offer">{p.offer}</p> : null}
      <p className="state-page__text">{p.text}</p>
      <p>
        <Link className="button button--primary" to="/quickStart">
          Check your offer with quick start
        </Link>
      </p>
    </article>
  );
}
