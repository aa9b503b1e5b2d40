import { api } from '@lending/web-common/http';
import type { PublicProduct } from '@lending/web-common/api';

export type Product = PublicProduct;

/** The loan products open for applications, the default of each type first (GET /api/public/products). */
export const listProducts = (signal?: AbortSignal) => api<Product[]>('/public/products', { signal });
