/** The spec's realtime path of a plan, `users/{userId}/plans/{planId}`; ids are UUIDs. Pure. */
const PLAN_PATH =
  /^users\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/plans\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export function parsePlanPath(path: unknown): { userId: string; planId: string } | undefined {
  if (typeof path !== 'string' || path.length > 200) return undefined;
  const match = PLAN_PATH.exec(path);
  return match ? { userId: match[1].toLowerCase(), planId: match[2].toLowerCase() } : undefined;
}
