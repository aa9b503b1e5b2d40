import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { SessionRevokedReason } from '../../platform/database/schema.js';
import { NotificationListener } from '../../platform/database/notification-listener.js';
import { RUNTIME, type Runtime } from '../../platform/runtime.js';
import type { Permission } from '../permissions/permissions.js';

/**
 * What the per-request check needs to know about a session, its user and the user's role, as read from PostgreSQL.
 * `lastUsedAt` is the only field the process changes (when it marks the session used).
 */
export type CachedSession = {
  sessionId: string;
  userId: string;
  deviceId: string;
  tokenVersion: number;
  revokedReason: SessionRevokedReason | null;
  role: 'borrower' | 'staff';
  status: 'active' | 'disabled';
  staffRoleId: string | null;
  /** Computed once per load; frozen, shared by every request that hits the entry. */
  permissions: readonly Permission[];
  lastUsedAt: Date;
};

/**
 * An invalidation, as the database triggers of migration 0013 send it on the `access_changed` channel:
 * `s:<session id>` (a session ended or its token version moved), `u:<user id>` (status, role or staff role),
 * `r:<staff role id>` (its permissions), `*` (anything else: a TRUNCATE, an unreadable message).
 */
export type Invalidation = { kind: 'session' | 'user' | 'role'; id: string } | { kind: 'all' };

export function parseInvalidation(payload: string | undefined): Invalidation {
  const match = /^([sur]):(.+)$/.exec(payload ?? '');
  if (!match) return { kind: 'all' };
  const kind = match[1] === 's' ? 'session' : match[1] === 'u' ? 'user' : 'role';
  return { kind, id: match[2] };
}

/** A load in progress: what the cache looked like when it started, so a change seen meanwhile keeps its result out. */
export type LoadTicket = { readonly epoch: number };

export type SessionCacheOptions = {
  /** Entries kept at most; the least recently used goes first. 0 turns the cache off (every request reads PostgreSQL). */
  maxEntries: number;
  /** An entry older than this is read again, whatever the notifications said: a bound on any bug or lost message. */
  maxAgeMs: number;
  now?: () => number;
};

/**
 * The per-process cache of session checks: pure bookkeeping, no I/O. It answers only while it is `live`, that is
 * while its owner is sure to hear every change (the LISTEN connection is up and answering); going live or losing
 * that certainty empties it. A load started before any invalidation, or before going live, is not stored: its
 * read may predate a change whose notification has already gone by (see `begin`/`store`).
 */
export class SessionCacheCore {
  private readonly entries = new Map<string, { value: CachedSession; storedAt: number }>();
  private epoch = 0;
  private live = false;
  private bypassed = false;
  private readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether lookups may be answered from memory now. */
  get usable(): boolean {
    return this.live && !this.bypassed && this.options.maxEntries > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The listener can (true) or can no longer (false) vouch for hearing every change. Either way the slate is wiped. */
  setLive(live: boolean): void {
    this.live = live;
    this.clear();
  }

  /** For measurements: read PostgreSQL on every request while true (nothing is stored or answered). */
  setBypassed(bypassed: boolean): void {
    this.bypassed = bypassed;
    this.clear();
  }

  get(sessionId: string): CachedSession | undefined {
    if (!this.usable) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt > this.options.maxAgeMs) {
      this.entries.delete(sessionId);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry.value;
  }

  /** Call before reading the database. */
  begin(): LoadTicket {
    return { epoch: this.epoch };
  }

  /** Keeps what a load read, unless anything was invalidated (or the cache went down) since its `begin`. */
  store(ticket: LoadTicket, value: CachedSession): boolean {
    if (!this.usable || ticket.epoch !== this.epoch) return false;
    this.entries.set(value.sessionId, { value, storedAt: this.now() });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return true;
  }

  invalidate(change: Invalidation): void {
    this.epoch++;
    switch (change.kind) {
      case 'all':
        this.entries.clear();
        return;
      case 'session':
        this.entries.delete(change.id);
        return;
      case 'user':
        for (const [key, { value }] of this.entries) if (value.userId === change.id) this.entries.delete(key);
        return;
      case 'role':
        for (const [key, { value }] of this.entries) if (value.staffRoleId === change.id) this.entries.delete(key);
        return;
    }
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }
}

/** The channel the triggers of migration 0013 notify on. */
export const ACCESS_CHANGED_CHANNEL = 'access_changed';

/**
 * The process's session cache, kept true by LISTEN access_changed: the triggers on sessions, users and staff_roles
 * notify in the changing transaction, so every API process hears a sign-out, takeover, password change, disabling,
 * role reassignment or permission change when it commits. While the listening connection is down (or has not
 * answered its heartbeat) the cache answers nothing and every request reads PostgreSQL, as without a cache; when it
 * comes back the cache starts empty, since notifications sent meanwhile are lost.
 */
@Injectable()
export class SessionCache extends SessionCacheCore implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener?: NotificationListener;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {
    super({ maxEntries: runtime.config.sessionCache.maxEntries, maxAgeMs: runtime.config.sessionCache.maxAgeSeconds * 1000 });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.runtime.config.sessionCache.maxEntries === 0) return;
    this.listener = new NotificationListener(
      this.runtime.database.url,
      ACCESS_CHANGED_CHANNEL,
      { onNotification: (payload) => this.invalidate(parseInvalidation(payload)), onLive: (live) => this.setLive(live) },
      { log: this.runtime.log },
    );
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }
}
