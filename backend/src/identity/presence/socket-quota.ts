import type { Redis } from 'ioredis';

/**
 * Places for open presence sockets under a key (a session, a client address), so one session or one address
 * cannot hold the server's connections. With the socket.io Redis adapter (several API processes) the places are
 * counted in Redis, so the limit holds across processes; otherwise (one process, no Redis) in memory.
 */
export interface SocketQuota {
  /** Takes a place for `socketId` under `key` when fewer than `limit` are taken; false when full. Atomic. */
  acquire(key: string, socketId: string, limit: number): Promise<boolean>;
  release(key: string, socketId: string): Promise<void>;
  close(): void;
}

export class LocalSocketQuota implements SocketQuota {
  private readonly held = new Map<string, Set<string>>();

  acquire(key: string, socketId: string, limit: number): Promise<boolean> {
    const ids = this.held.get(key) ?? new Set<string>();
    if (ids.size >= limit) return Promise.resolve(false);
    ids.add(socketId);
    this.held.set(key, ids);
    return Promise.resolve(true);
  }

  release(key: string, socketId: string): Promise<void> {
    const ids = this.held.get(key);
    ids?.delete(socketId);
    if (ids?.size === 0) this.held.delete(key);
    return Promise.resolve();
  }

  close(): void {
    this.held.clear();
  }
}

/** A place outlives a crashed process by at most this long; live processes refresh theirs every third of it. */
const LEASE_MS = 90_000;

// KEYS[1] hash socketId -> lease end (ms). Drops ended leases, then takes a place if one is free.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local live = 0
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  if tonumber(all[i + 1]) < now then redis.call('HDEL', KEYS[1], all[i]) else live = live + 1 end
end
if live >= tonumber(ARGV[2]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[3], now + tonumber(ARGV[4]))
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
return 1`;

export class RedisSocketQuota implements SocketQuota {
  private readonly mine = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), LEASE_MS / 3);
    this.timer.unref();
  }

  private key = (key: string) => `${this.prefix}:socket-quota:${key}`;

  async acquire(key: string, socketId: string, limit: number): Promise<boolean> {
    const ok = (await this.redis.eval(ACQUIRE, 1, this.key(key), Date.now(), limit, socketId, LEASE_MS)) === 1;
    if (ok) this.mine.set(key, (this.mine.get(key) ?? new Set<string>()).add(socketId));
    return ok;
  }

  async release(key: string, socketId: string): Promise<void> {
    const ids = this.mine.get(key);
    ids?.delete(socketId);
    if (ids?.size === 0) this.mine.delete(key);
    await this.redis.hdel(this.key(key), socketId);
  }

  /** Extends the leases of this process's open sockets. */
  private async refresh(): Promise<void> {
    if (this.mine.size === 0) return;
    const until = Date.now() + LEASE_MS;
    const batch = this.redis.multi();
    for (const [key, ids] of this.mine) {
      for (const id of ids) batch.hset(this.key(key), id, until);
      batch.pexpire(this.key(key), LEASE_MS);
    }
    await batch.exec();
  }

  close(): void {
    clearInterval(this.timer);
    this.mine.clear();
  }
}
