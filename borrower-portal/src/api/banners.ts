import type { Answer } from '@lending/web-common/api';
import { API_BASE } from '@lending/web-common/http';

export type Banner = Answer<'/api/public/banners', 'get'>[number];

/**
 * The banners showing now (GET /api/public/banners?audience=). A plain fetch, like the public products: nothing is
 * stored for an anonymous visitor. A failure shows no banners: they are decoration, never in the way of the page.
 */
export async function listBanners(audience: 'home' | 'dashboard', signal?: AbortSignal): Promise<Banner[]> {
  try {
    const res = await fetch(`${API_BASE}/public/banners?audience=${audience}`, { headers: { Accept: 'application/json' }, signal });
    return res.ok ? ((await res.json()) as Banner[]) : [];
  } catch {
    return [];
  }
}
