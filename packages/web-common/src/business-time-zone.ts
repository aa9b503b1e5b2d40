/**
 * Where the apps learn the business time zone (BUSINESS_TIMEZONE) that every date and time is written in: GET
 * /api/public/settings, asked once at start, beside the first screen rather than before it. The last answer is kept in
 * localStorage so a returning reader gets it at once; until there is one, format.ts uses Asia/Kolkata.
 */
import { setBusinessTimeZone } from './format';
import { API_BASE } from './http';

const STORAGE_KEY = 'lending.businessTimeZone';

function remembered(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Applies the remembered zone now and the API's when it answers; a failed request keeps what there is. */
export async function loadBusinessTimeZone(fetchSettings: typeof fetch = fetch): Promise<void> {
  setBusinessTimeZone(remembered());
  try {
    const res = await fetchSettings(`${API_BASE}/public/settings`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return;
    const { timeZone } = (await res.json()) as { timeZone?: string };
    setBusinessTimeZone(timeZone);
    if (timeZone) localStorage.setItem(STORAGE_KEY, timeZone);
  } catch {
    // offline or refused: dates keep the zone they have
  }
}
