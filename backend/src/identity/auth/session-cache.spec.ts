import { describe, expect, it } from '@jest/globals';
import { parseHandshake, parseInvalidation, SessionCacheCore, type CachedSession } from './session-cache.js';

const session = (sessionId: string, over: Partial<CachedSession> = {}): CachedSession => ({
  sessionId,
  userId: `user-of-${sessionId}`,
  deviceId: 'device',
  tokenVersion: 1,
  revokedReason: null,
  role: 'staff',
  status: 'active',
  staffRoleId: 'viewer',
  permissions: ['loans.view'],
  lastUsedAt: new Date(0),
  ...over,
});

function liveCache(options: Partial<{ maxEntries: number; maxAgeMs: number }> = {}) {
  let now = 1_000;
  const cache = new SessionCacheCore({ maxEntries: options.maxEntries ?? 100, maxAgeMs: options.maxAgeMs ?? 60_000, now: () => now });
  cache.setLive(true);
  return { cache, advance: (ms: number) => (now += ms) };
}

const put = (cache: SessionCacheCore, value: CachedSession) => cache.store(cache.begin(), value);

describe('SessionCacheCore', () => {
  it('answers what a load stored, until that session is invalidated', () => {
    const { cache } = liveCache();
    expect(put(cache, session('s1'))).toBe(true);
    expect(cache.get('s1')?.userId).toBe('user-of-s1');
    cache.invalidate({ kind: 'session', id: 's1' });
    expect(cache.get('s1')).toBeUndefined();
  });

  it('a user change drops every session of that user, a role change every session holding the role, * everything', () => {
    const { cache } = liveCache();
    put(cache, session('a1', { userId: 'u1', staffRoleId: 'r1' }));
    put(cache, session('a2', { userId: 'u1', staffRoleId: 'r1' }));
    put(cache, session('b1', { userId: 'u2', staffRoleId: 'r2' }));
    put(cache, session('c1', { userId: 'u3', staffRoleId: 'r1' }));
    cache.invalidate({ kind: 'user', id: 'u1' });
    expect(['a1', 'a2', 'b1', 'c1'].map((s) => cache.holds(s))).toEqual([false, false, true, true]);
    cache.invalidate({ kind: 'role', id: 'r1' });
    expect(['b1', 'c1'].map((s) => cache.holds(s))).toEqual([true, false]);
    cache.invalidate({ kind: 'all' });
    expect(cache.size).toBe(0);
  });

  it('does not store a load that began before an invalidation (its read may predate the change)', () => {
    const { cache } = liveCache();
    const ticket = cache.begin();
    cache.invalidate({ kind: 'session', id: 'some-other-session' });
    expect(cache.store(ticket, session('s1'))).toBe(false);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.store(cache.begin(), session('s1'))).toBe(true);
  });

  it('answers nothing and stores nothing until live, and empties when it stops being live or goes live again', () => {
    const cache = new SessionCacheCore({ maxEntries: 10, maxAgeMs: 60_000 });
    expect(cache.usable).toBe(false);
    expect(cache.store(cache.begin(), session('s1'))).toBe(false);
    cache.setLive(true);
    const before = cache.begin();
    put(cache, session('s1'));
    cache.setLive(false);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.store(cache.begin(), session('s2'))).toBe(false);
    cache.setLive(true);
    expect(cache.size).toBe(0);
    // A load that began before the reconnection may have missed a notification sent while it was down.
    expect(cache.store(before, session('s3'))).toBe(false);
  });

  it('bypassed (for measurements) or sized 0, it reads through', () => {
    const { cache } = liveCache();
    put(cache, session('s1'));
    cache.setBypassed(true);
    expect(cache.get('s1')).toBeUndefined();
    expect(put(cache, session('s1'))).toBe(false);
    cache.setBypassed(false);
    expect(put(cache, session('s1'))).toBe(true);
    const { cache: off } = liveCache({ maxEntries: 0 });
    expect(off.usable).toBe(false);
    expect(put(off, session('s1'))).toBe(false);
  });

  it('keeps at most maxEntries, evicting the least recently used', () => {
    const { cache } = liveCache({ maxEntries: 3 });
    for (const id of ['s1', 's2', 's3']) put(cache, session(id));
    cache.get('s1'); // s2 is now the least recently used
    put(cache, session('s4'));
    expect(cache.size).toBe(3);
    expect(['s1', 's2', 's3', 's4'].map((s) => cache.holds(s))).toEqual([true, false, true, true]);
  });

  it('reads an entry again once it is older than maxAgeMs, whatever the notifications said', () => {
    const { cache, advance } = liveCache({ maxAgeMs: 5_000 });
    put(cache, session('s1'));
    advance(5_000);
    expect(cache.get('s1')).toBeDefined();
    advance(1);
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.holds('s1')).toBe(false);
  });
});

describe('the access_changed messages', () => {
  it('reads the triggers’ payloads; anything else clears everything', () => {
    expect(parseInvalidation('s:6f1c')).toEqual({ kind: 'session', id: '6f1c' });
    expect(parseInvalidation('u:42')).toEqual({ kind: 'user', id: '42' });
    expect(parseInvalidation('r:viewer')).toEqual({ kind: 'role', id: 'viewer' });
    expect(parseInvalidation('*')).toEqual({ kind: 'all' });
    expect(parseInvalidation('')).toEqual({ kind: 'all' });
    expect(parseInvalidation('x:1')).toEqual({ kind: 'all' });
    expect(parseInvalidation(undefined)).toEqual({ kind: 'all' });
  });

  it('tells the settle handshake apart from invalidations', () => {
    const nonce = '0b6e3c1e-8a8f-4a57-9c1d-2f1f3f7e9a10';
    expect(parseHandshake(`ping:${nonce}`)).toEqual({ kind: 'ping', nonce });
    expect(parseHandshake(`pong:${nonce}:123-abcd`)).toEqual({ kind: 'pong', nonce, instance: '123-abcd' });
    expect(parseHandshake('s:abc')).toBeUndefined();
    expect(parseHandshake('ping:not-a-nonce')).toBeUndefined();
  });
});
