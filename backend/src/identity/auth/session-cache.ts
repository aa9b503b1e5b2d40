import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { sql } from 'kysely';
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

  /** Whether an entry for the session is held (tests and diagnostics; no effect on recency or age). */
  holds(sessionId: string): boolean {
    return this.entries.has(sessionId);
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
 * Messages of the settle handshake on the same channel, never invalidations: `ping:<nonce>` asks every listening
 * process to answer `pong:<nonce>:<instance>` once it has handled everything before the ping.
 */
export type Handshake = { kind: 'ping'; nonce: string } | { kind: 'pong'; nonce: string; instance: string };

export function parseHandshake(payload: string): Handshake | undefined {
  const ping = /^ping:([0-9a-f-]{36})$/.exec(payload);
  if (ping) return { kind: 'ping', nonce: ping[1] };
  const pong = /^pong:([0-9a-f-]{36}):(.+)$/.exec(payload);
  return pong ? { kind: 'pong', nonce: pong[1], instance: pong[2] } : undefined;
}

/**
 * The process's session cache, kept true by LISTEN access_changed: the triggers on sessions, users and staff_roles
 * notify in the changing transaction, so every API process hears a sign-out, takeover, password change, disabling,
 * role reassignment or permission change when it commits. While the listening connection is down (or has not
 * answered its heartbeat) the cache answers nothing and every request reads PostgreSQL, as without a cache; when it
 * comes back the cache starts empty, since notifications sent meanwhile are lost.
 *
 * A notification reaches each process a little after the commit, so a client told "signed out" could otherwise beat
 * it to another process. `settle()` closes that gap: the handlers that end sessions or change access call it before
 * they answer, and it returns once every listening process has confirmed it handled the change (see settle).
 */
@Injectable()
export class SessionCache extends SessionCacheCore implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener?: NotificationListener;
  private readonly instance = `${process.pid}-${randomBytes(4).toString('hex')}`;
  /** Open settles: the instances that confirmed so far. */
  private readonly settling = new Map<string, { confirmed: Set<string>; check?: () => void }>();

  constructor(
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    super({ maxEntries: runtime.config.sessionCache.maxEntries, maxAgeMs: runtime.config.sessionCache.maxAgeSeconds * 1000 });
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.runtime.config.sessionCache.maxEntries === 0) return;
    // Only a process that serves HTTP (and the presence socket) checks sessions: not a worker or the CLI.
    if (!this.adapterHost.httpAdapter) return;
    this.listener = new NotificationListener(
      this.runtime.database.url,
      ACCESS_CHANGED_CHANNEL,
      { onNotification: (payload) => this.heard(payload), onLive: (live) => this.setLive(live) },
      { log: this.runtime.log, instance: this.instance },
    );
    await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.stop();
  }

  private heard(payload: string): void {
    const handshake = parseHandshake(payload);
    if (!handshake) return this.invalidate(parseInvalidation(payload));
    if (handshake.kind === 'ping') {
      // Everything notified before the ping has been applied (notifications arrive in commit order, handled synchronously).
      this.listener?.notify(`pong:${handshake.nonce}:${this.instance}`).catch(() => undefined);
      return;
    }
    const open = this.settling.get(handshake.nonce);
    if (open) {
      open.confirmed.add(handshake.instance);
      open.check?.();
    }
  }

  /**
   * Resolves once every API process listening now has applied the access changes this process committed before the
   * call: a NOTIFY ping goes out after them, and each listener (this one too) answers it, in order, after them. The
   * listeners are those named in pg_stat_activity (application_name `listen:access_changed:<instance>`); one that
   * joins later starts with an empty cache anyway. A process that does not answer within `timeoutMs` is waited for
   * no longer (its connection is failing, and its cache empties when the heartbeat notices); that is logged.
   */
  async settle(timeoutMs = 2_000): Promise<void> {
    const listener = this.listener;
    if (!listener?.isLive) return; // no cache here, or not hearing: nothing this process could confirm
    const nonce = randomUUID();
    const open: { confirmed: Set<string>; check?: () => void } = { confirmed: new Set() };
    this.settling.set(nonce, open); // before the ping: an answer can arrive before the query's own result
    try {
      const prefix = `listen:${ACCESS_CHANGED_CHANNEL}:`;
      const { rows } = await sql<{ listeners: string[] }>`
        SELECT pg_notify(${ACCESS_CHANGED_CHANNEL}, ${`ping:${nonce}`})::text AS sent,
               ARRAY(SELECT substr(application_name, ${prefix.length + 1}) FROM pg_stat_activity
                     WHERE datname = current_database() AND starts_with(application_name, ${prefix})) AS listeners`.execute(
        this.runtime.db,
      );
      const expected = new Set(rows[0].listeners);
      const missing = () => [...expected].filter((instance) => !open.confirmed.has(instance));
      if (missing().length === 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.runtime.log(
            `session cache: ${missing().length} API process(es) did not confirm an access change within ${timeoutMs} ms: ${missing().join(', ')}`,
          );
          resolve();
        }, timeoutMs);
        timer.unref();
        open.check = () => {
          if (missing().length > 0) return;
          clearTimeout(timer);
          resolve();
        };
      });
    } finally {
      this.settling.delete(nonce);
    }
  }
}
