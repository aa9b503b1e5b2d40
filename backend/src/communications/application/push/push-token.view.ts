import type { Selectable } from 'kysely';
import type { PushTokensTable } from '../../../platform/database/schema.js';

/** When a registration should be refreshed (spec §9: push token refresh, 7 days). */
export const PUSH_TOKEN_REFRESH_MS = 7 * 24 * 3600 * 1000;

/** A registration as its owner sees it; the token itself is not echoed back. */
export function pushTokenView(r: Selectable<PushTokensTable>) {
  const refreshedAt = new Date(r.refreshed_at);
  return {
    id: r.id,
    deviceId: r.device_id,
    options: r.options,
    createdAt: new Date(r.created_at).toISOString(),
    refreshedAt: refreshedAt.toISOString(),
    refreshDueAt: new Date(refreshedAt.getTime() + PUSH_TOKEN_REFRESH_MS).toISOString(),
  };
}

export type PushTokenView = ReturnType<typeof pushTokenView>;
