import { API_BASE } from '@lending/web-common/http';
import type { PublicStatePage } from '@lending/web-common/api';

export type { PublicStatePage };

/**
 * The landing page of `/{state}/{city}` (GET /api/public/state-pages/{state}/{city}); null when there is none (404):
 * the portal then shows 'Page not found'. A plain fetch: nothing is stored for an anonymous visitor.
 */
export async function getStatePage(state: string, city: string, signal?: AbortSignal): Promise<PublicStatePage | null> {
  const res = await fetch(`${API_BASE}/public/state-pages/${encodeURIComponent(state)}/${encodeURIComponent(city)}`, {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`The page could not be loaded (${res.status}).`);
  return (await res.json()) as PublicStatePage;
}
