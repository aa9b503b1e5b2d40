import { API_BASE, ApiError } from '@lending/web-common/http';
import type { PublicProduct } from '@lending/web-common/api';

export type Product = PublicProduct;

/**
 * The loan products open for applications, the default of each type first (GET /api/public/products). A plain
 * fetch: public pages read it for anonymous visitors, who get no device id (nor anything else) stored by reading it.
 */
export async function listProducts(signal?: AbortSignal): Promise<Product[]> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/public/products`, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({
      type: 'network-error',
      status: 0,
      detail: 'We could not reach our servers. Check your connection and try again.',
    });
  }
  if (!res.ok) throw new ApiError({ type: 'http-error', status: res.status, detail: `The server answered ${res.status}` });
  return (await res.json()) as Product[];
}
