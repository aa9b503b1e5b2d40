import type { Server as HttpServer } from 'node:http';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { clientAddress, compileTrustProxy, fromOwnOrigin, productOrigins, type TrustProxy } from '../../platform/http/origins.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { toProblem } from '../../platform/http/problem.filter.js';
import { RUNTIME, type Runtime } from '../../platform/runtime.js';
import { originRefused, tooManyConnections, unauthenticated } from '../auth/auth.errors.js';
import type { AuthenticatedUser } from '../auth/authenticated-user.js';
import { SessionAuthenticator } from '../auth/session-authenticator.js';
import { permissionsOf } from '../auth/session-authenticator.js';
import { TokenIssuer } from '../auth/token-issuer.js';
import { StaffRolesRepository } from '../roles/staff-roles.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import type { DeviceNotifier } from './device-notifier.js';
import { PresencePlans } from '../public/presence-plans.port.js';
import { parsePlanPath } from './plan-path.js';
import { PresenceRepository } from './presence.repository.js';
import { LocalSocketQuota, RedisSocketQuota, type SocketQuota } from './socket-quota.js';
import { withQuietPublish } from './quiet-publish.js';

export const PRESENCE_PATH = '/socket.io';
const STAFF_ROOM = 'staff:presence';
const userRoom = (id: string) => `user:${id}`;
const sessionRoom = (id: string) => `session:${id}`;
/** How long a page told to leave keeps its socket, so the message arrives before the connection closes. */
const LEAVE_GRACE_MS = 1000;
/** Open sockets one session may hold (tabs of one browser), across every API process. */
export const MAX_SOCKETS_PER_SESSION = 10;

function cookieToken(header: string | undefined): string | undefined {
  const match = header
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith('token='));
  return match ? decodeURIComponent(match.slice('token='.length)) : undefined;
}

/**
 * The presence WebSocket (socket.io). A page connects with its token and device id; while any page of a user is
 * connected the user's status is true, and false when the last one drops. With Redis the socket.io Redis adapter
 * joins every API process into one room space, so a sign-in on one process reaches pages connected to another.
 * Processes without an HTTP server (the worker) have no gateway and notify nobody.
 */
@Injectable()
export class PresenceGateway implements DeviceNotifier, OnApplicationBootstrap, BeforeApplicationShutdown {
  private io?: Server;
  private redis: Redis[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly tokens: TokenIssuer,
    private readonly authenticator: SessionAuthenticator,
    private readonly presence: PresenceRepository,
    private readonly users: UsersRepository,
    private readonly roles: StaffRolesRepository,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly plans: PresencePlans,
  ) {}

  private quota: SocketQuota = new LocalSocketQuota();
  private allowedOrigins: ReadonlySet<string> = new Set();
  /** The compiled TRUST_PROXY, so the handshake sees the same client address and origin as HTTP requests. */
  private trustProxy: TrustProxy | undefined;
  private trust = (): TrustProxy => (this.trustProxy ??= compileTrustProxy(this.runtime.config.trustProxy));

  onApplicationBootstrap(): void {
    const httpServer = this.adapterHost.httpAdapter?.getHttpServer() as HttpServer | undefined;
    if (!httpServer) return;
    this.allowedOrigins = productOrigins(this.runtime.config);
    const io = new Server(httpServer, {
      path: PRESENCE_PATH,
      cors: { origin: this.runtime.config.corsOrigins, credentials: true },
      serveClient: false,
    });
    const redisUrl = this.runtime.queue.redisUrl;
    if (redisUrl) {
      const pub = withQuietPublish(new Redis(redisUrl, { maxRetriesPerRequest: null }));
      const sub = pub.duplicate();
      for (const c of [pub, sub]) c.on('error', () => undefined);
      this.redis = [pub, sub];
      io.adapter(createAdapter(pub, sub, { key: `${this.runtime.keyPrefix}:socket.io` }));
      this.quota = new RedisSocketQuota(pub, this.runtime.keyPrefix);
    }
    io.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (error: unknown) => {
          const problem = toProblem(error instanceof DomainError ? error : unauthenticated());
          const refusal = new Error(problem.detail) as Error & { data: unknown };
          refusal.data = { type: problem.type, status: problem.status, detail: problem.detail };
          next(refusal);
        },
      );
    });
    io.on('connection', (socket) => void this.connected(socket));
    this.io = io;
    // SIGTERM: open pages (WebSockets, long polls) would hold the HTTP server open until the shutdown bound.
    this.runtime.lifecycle.onDrain(() => this.closeSockets());
  }

  /** Every page of this process is disconnected (they reconnect to another process) and no new one is taken. */
  private closeSockets(): void {
    const io = this.io;
    if (!io) return;
    io.local.disconnectSockets(true);
    io.engine.close();
  }

  /**
   * The handshake: a browser (it always sends Origin on a WebSocket and on cross-origin polling) must be on one of
   * our origins; then the token; then a place under the client address's and the session's caps, given back when
   * the connection closes.
   */
  private async admit(socket: Socket): Promise<void> {
    const ownOrigin = fromOwnOrigin(socket.request, this.allowedOrigins, this.trust());
    if (socket.handshake.headers.origin !== undefined && !ownOrigin) {
      throw originRefused();
    }
    const user = await this.authenticate(socket, ownOrigin);
    const address = clientAddress(socket.request, this.trust());
    const places: [string, number][] = [
      [`address:${address}`, this.runtime.config.presenceSocketsPerAddress],
      [`session:${user.sessionId}`, MAX_SOCKETS_PER_SESSION],
    ];
    const taken: string[] = [];
    const giveBack = () => {
      for (const key of taken.splice(0)) void this.quota.release(key, socket.id).catch(() => undefined);
    };
    for (const [key, limit] of places) {
      if (!(await this.quota.acquire(key, socket.id, limit))) {
        giveBack();
        throw key.startsWith('address:')
          ? tooManyConnections(`Too many open connections from this address (at most ${limit}).`)
          : tooManyConnections(`This session has too many open pages (at most ${limit}); close some.`);
      }
      taken.push(key);
    }
    // Whichever comes first: the socket leaves, or the connection under it closes (also before 'connection').
    socket.once('disconnect', giveBack);
    socket.conn.once('close', giveBack);
    if (socket.conn.readyState !== 'open') giveBack();
    socket.data.user = user;
  }

  private async authenticate(socket: Socket, ownOrigin: boolean): Promise<AuthenticatedUser> {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; deviceId?: unknown };
    // The cookie rides along on any site's requests: it counts only when the handshake comes from our own origin.
    const token =
      typeof auth.token === 'string' && auth.token ? auth.token : ownOrigin ? cookieToken(socket.handshake.headers.cookie) : undefined;
    if (!token) throw unauthenticated();
    let claims;
    try {
      claims = this.tokens.verify(token);
    } catch {
      throw unauthenticated();
    }
    return this.authenticator.authenticate(claims, typeof auth.deviceId === 'string' && auth.deviceId ? auth.deviceId : undefined);
  }

  private async connected(socket: Socket): Promise<void> {
    const user = socket.data.user as AuthenticatedUser;
    await socket.join([userRoom(user.id), sessionRoom(user.sessionId)]);
    if (user.permissions.includes('users.view')) await socket.join(STAFF_ROOM);
    socket.on('disconnect', () => void this.disconnected(user.id).catch(() => undefined));
    socket.on('read', (request: unknown, ack: unknown) => {
      if (typeof ack === 'function') void this.read(user, request).then((answer) => ack(answer));
    });
    const record = await this.presence.setStatus(user.id, true).catch(() => undefined);
    if (!record) return;
    socket.emit('presence', { status: true, device: record.device });
    this.io?.to(STAFF_ROOM).emit('presence', { userId: user.id, status: true, device: record.device });
  }

  /**
   * The spec's realtime read of `users/{userId}/plans/{planId}` (docs/borrower-portal.md, "Presence plans"): the
   * page emits `read` with `{ path }` and an acknowledgement; it gets `{ path, value }`, or `{ path, error }` with a
   * problem. Only the owner reads their plans: another user's plan, an unknown plan and a malformed path all answer
   * the same not-found, so a path tells nobody whether someone else's plan exists.
   */
  private async read(
    user: AuthenticatedUser,
    request: unknown,
  ): Promise<{ path: unknown; value?: unknown; error?: { type: string; status: number; detail: string } }> {
    const path = (request as { path?: unknown } | null)?.path;
    const target = parsePlanPath(path);
    const notFound = {
      path,
      error: { type: 'not-found', status: 404, detail: 'No such plan of yours: read users/{your user id}/plans/{planId}.' },
    };
    if (!target || target.userId !== user.id || user.role !== 'borrower') return notFound;
    try {
      const plan = await this.plans.read(user.id, target.planId);
      return plan ? { path, value: plan } : notFound;
    } catch {
      return { path, error: { type: 'unavailable', status: 503, detail: 'The plan could not be read just now; try again.' } };
    }
  }

  private async disconnected(userId: string): Promise<void> {
    if (!this.io) return;
    // Across every process: the user is offline only when no page of theirs is connected anywhere.
    let online = await this.anyPageOf(userId);
    if (online) return;
    // A page may join or leave between a look and the write after it (a reload: one page closes as the next opens):
    // look again after each write, and write again while it no longer holds (a page joins before it stores online).
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const record = await this.presence.setStatus(userId, online);
      this.io.to(STAFF_ROOM).emit('presence', { userId, status: online, device: record.device });
      const now = await this.anyPageOf(userId);
      if (now === online) return;
      online = now;
    }
  }

  private async anyPageOf(userId: string): Promise<boolean> {
    return (await this.io!.in(userRoom(userId)).fetchSockets()).length > 0;
  }

  deviceChanged(sessionIds: string[], deviceId: string): void {
    for (const id of sessionIds) {
      this.io?.to(sessionRoom(id)).emit('device-changed', { device: deviceId, message: 'Someone else logged in!' });
      this.leaveSoon(sessionRoom(id));
    }
  }

  /**
   * A role's permissions or a staff member's role changed: every socket in the staff room whose user no longer
   * holds `users.view` leaves it now, across processes (the adapter's fetchSockets). Gaining it takes a reconnect.
   */
  async staffAccessChanged(): Promise<void> {
    const io = this.io;
    if (!io) return;
    const sockets = await io.in(STAFF_ROOM).fetchSockets();
    const userIds = [...new Set(sockets.map((s) => (s.data.user as AuthenticatedUser).id))];
    const losing = new Set<string>();
    for (const id of userIds) {
      const user = await this.users.findById(id);
      const role = user?.staffRoleId ? await this.roles.find(user.staffRoleId) : undefined;
      const permissions = user?.status === 'active' && role ? permissionsOf(role.id, role.permissions) : [];
      if (!permissions.includes('users.view')) losing.add(id);
    }
    for (const s of sockets) if (losing.has((s.data.user as AuthenticatedUser).id)) s.leave(STAFF_ROOM);
  }

  deviceReload(userId: string): void {
    this.io?.to(userRoom(userId)).emit('device-reload', { device: 'devicereload' });
  }

  sessionsEnded(sessionIds: string[], reason: string): void {
    for (const id of sessionIds) {
      this.io?.to(sessionRoom(id)).emit('session-ended', { reason });
      this.leaveSoon(sessionRoom(id));
    }
  }

  private leaveSoon(room: string): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      try {
        this.io?.in(room).disconnectSockets(true);
      } catch {
        // the server is closing; its sockets go with it
      }
    }, LEAVE_GRACE_MS);
    timer.unref();
    this.timers.add(timer);
  }

  /** Before Nest closes the HTTP server: open WebSockets would otherwise keep it from closing. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.quota.close();
    const io = this.io;
    this.closeSockets();
    this.io = undefined;
    if (io) await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
    // quit, not disconnect: it lets the adapter's in-flight (un)subscribe commands finish instead of rejecting them.
    await Promise.all(this.redis.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
