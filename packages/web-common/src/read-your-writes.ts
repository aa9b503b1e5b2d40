/**
 * Reading one's own writes when the API reads lists from a replica (docs/operations.md, "Reads from a replica"): a
 * command's answer carries the primary's position after its commit (X-Commit-Position, a WAL position such as
 * `16/B374D848`); every later request sends the highest one this browser has seen back as X-Read-After, so the API
 * answers it from the replica only once the replica has replayed that far. Kept in local storage, so a list opened in
 * another tab shows the write too. Without a replica the API answers no position and ignores the header.
 */
const POSITION_KEY = 'commit_position';
const LSN = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i;

function valueOf(position: string | null): bigint | undefined {
  const match = position ? LSN.exec(position) : null;
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

function stored(): string | null {
  try {
    return localStorage.getItem(POSITION_KEY);
  } catch {
    return null;
  }
}

/** Keeps `position` (a response's X-Commit-Position) when it is past the one kept; anything else is ignored. */
export function noteCommitPosition(position: string | null): void {
  const value = valueOf(position);
  if (value === undefined) return;
  const kept = valueOf(stored());
  if (kept !== undefined && kept >= value) return;
  try {
    localStorage.setItem(POSITION_KEY, position!);
  } catch {
    // Storage refused (a private window's quota): the next reads may show the list as the replica has it.
  }
}

/**
 * The X-Read-After header for the next request: the highest commit position this browser has seen, `0/0` before its
 * first command (which tells the API that this caller tracks positions: it answers them only to such callers).
 */
export function readAfterHeader(): Record<string, string> {
  const position = stored();
  return { 'X-Read-After': valueOf(position) === undefined ? '0/0' : position! };
}
