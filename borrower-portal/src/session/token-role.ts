/**
 * The role a stored token names (its `role` claim), read without checking the signature: only to say where the
 * holder belongs (staff in the console), never to grant anything; the API checks every request. null when the text
 * is not a token we can read.
 */
export function tokenRole(token: string): 'borrower' | 'staff' | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return role === 'borrower' || role === 'staff' ? role : null;
  } catch {
    return null;
  }
}
