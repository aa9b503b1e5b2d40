import { useEffect, useState } from 'react';
import type { LoanType } from '../api/loans';
import { listProducts, type Product } from '../api/products';

export type { Product };

/** URL segment of /User/newLoan/{segment} for each loan type, and back. */
export const NEW_LOAN_SEGMENT: Record<LoanType, string> = { EMI: 'Emi', salaryAdvance: 'salaryAdvance' };

/** What the pages suggest before the borrower chooses: ₹1,00,000 over a year, moved inside the product's bounds. */
export const SUGGESTED_AMOUNT = 10_000_000;
export const SUGGESTED_MONTHS = 12;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const suggestedAmount = (p: Product) => clamp(SUGGESTED_AMOUNT, p.minAmount, p.maxAmount);
export const suggestedMonths = (p: Product) => clamp(SUGGESTED_MONTHS, p.minTenureMonths, p.maxTenureMonths);

/** A slider step of about a hundredth of the range, rounded to 1, 2 or 5 times a power of ten (in minor units). */
export function amountStep(p: Product): number {
  const rough = Math.max(100, (p.maxAmount - p.minAmount) / 100);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return step;
}

/** The calculator's limits and sliders for a product: its amount (with a slider step) and tenure bounds. */
export const calculatorRanges = (p: Product) => ({
  amountRange: { min: p.minAmount, max: p.maxAmount, step: amountStep(p) },
  tenureRange: { min: p.minTenureMonths, max: p.maxTenureMonths },
});

/** The product a borrower gets without choosing: the first open one of the type (the server's default too). */
export const defaultProduct = (products: readonly Product[] | null, type: LoanType) => products?.find((p) => p.type === type) ?? null;

// One request per page load, shared by every page that shows rates or bounds; a failure is retried on the next use.
let cached: Promise<Product[]> | null = null;

export function loadProducts(): Promise<Product[]> {
  cached ??= listProducts().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** Forgets the loaded products (tests). */
export function resetProducts(): void {
  cached = null;
}

type ProductsState = { products: Product[] | null; error: Error | null };

/** The open products, from /api/public/products: bounds, rates and fees are never written into the portal. */
export function useProducts(): ProductsState {
  const [state, setState] = useState<ProductsState>({ products: null, error: null });
  useEffect(() => {
    let live = true;
    loadProducts().then(
      (products) => live && setState({ products, error: null }),
      (error: unknown) => live && setState({ products: null, error: error as Error }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
