import type { Actor } from '@lending/web-common/api';

/**
 * Who did something to a loan, in words. An event's actor is a user (borrower or staff, by user id), or a service
 * acting as staff: a provider's webhook (`payment-provider:sandbox`, `ivr-provider:sandbox`) or a scheduled job
 * (`system:close-of-business`). Only user ids are looked up in the users API: a provider is not a user (issue 28
 * item 8: asking for one was a 400 on every loan page with an online payment).
 */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PROVIDERS: Record<string, string> = { 'payment-provider': 'Payment provider', 'ivr-provider': 'IVR provider' };
const JOBS: Record<string, string> = {
  'system:close-of-business': 'Close of business',
  'system:collection-reminders': 'Collection reminders',
};

export const isUserId = (id: string): boolean => USER_ID.test(id);

/** A service actor in words ("Payment provider (sandbox)", "Close of business"); null for a user id. */
export function serviceName(id: string): string | null {
  if (isUserId(id)) return null;
  if (JOBS[id]) return JOBS[id];
  const colon = id.indexOf(':');
  const provider = colon > 0 ? PROVIDERS[id.slice(0, colon)] : undefined;
  return provider ? `${provider} (${id.slice(colon + 1)})` : id;
}

/** What is known to name actors: the loan's borrower, the staff member signed in, staff looked up by id. */
export type ActorNames = {
  borrower: { id: string; name: string } | null;
  me: { id: string; name: string } | null;
  staff: ReadonlyMap<string, string>;
};

/** "Asha Rao (borrower)", "you (Priya Shah)", "Rohan Mehta", "Payment provider (sandbox)"; "a staff member" unnamed. */
export function actorName(actor: Actor | null | undefined, names: ActorNames): string {
  if (!actor) return 'System';
  if (actor.role === 'borrower') return names.borrower && actor.id === names.borrower.id ? `${names.borrower.name} (borrower)` : 'Borrower';
  if (names.me && actor.id === names.me.id) return `you (${names.me.name})`;
  const service = serviceName(actor.id);
  if (service) return service;
  return names.staff.get(actor.id) ?? 'a staff member';
}

/** The staff user ids among actors (and ids named in events' data), each once: those the users API can name. */
export function staffUserIds(ids: readonly (string | null | undefined)[]): string[] {
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && isUserId(id)))];
}
