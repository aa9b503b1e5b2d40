/**
 * The phone being proven and its proof, kept in this tab's session storage (the proof lasts 30 minutes): every quick
 * start page reads them, and going back or reloading keeps them. Nothing else is stored in the browser: the answers
 * live on the server, so a page shows what was entered before.
 */
const KEY = 'quickStart';

type Stored = { phone: string; proof?: string; expiresAt?: number };

export function readQuickStart(): Stored | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Stored | null;
    if (value?.expiresAt && value.expiresAt < Date.now()) return { phone: value.phone };
    return value;
  } catch {
    return null;
  }
}

export function rememberPhone(phone: string): void {
  sessionStorage.setItem(KEY, JSON.stringify({ phone }));
}

export function rememberProof(phone: string, proof: string, expiresIn: number): void {
  sessionStorage.setItem(KEY, JSON.stringify({ phone, proof, expiresAt: Date.now() + expiresIn * 1000 - 30_000 }));
}

export function forgetQuickStart(): void {
  sessionStorage.removeItem(KEY);
}
