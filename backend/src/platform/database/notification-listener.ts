import pg from 'pg';

export type NotificationListenerOptions = {
  /** How often the connection proves it is alive with a round trip (a half-open TCP connection raises no error). */
  heartbeatMs?: number;
  /** A heartbeat unanswered this long counts as a lost connection. */
  heartbeatTimeoutMs?: number;
  /** Longest wait between reconnection attempts (they start at 100 ms and double). */
  maxRetryMs?: number;
  /** Names the connection in pg_stat_activity as `listen:<channel>:<instance>` (default: the process id). */
  instance?: string;
  log?: (line: string) => void;
};

export type NotificationHandlers = {
  /** A notification on the channel, in commit order. */
  onNotification(payload: string): void;
  /**
   * true once LISTEN is in place (every commit from now on will be heard); false as soon as that can no longer be
   * vouched for (error, end, a heartbeat unanswered, stop). Notifications sent while it was false are lost for good.
   */
  onLive(live: boolean): void;
};

/**
 * One dedicated PostgreSQL connection that LISTENs on a channel, for a process that must hear every committed change
 * (a NOTIFY fired in the changing transaction is delivered on commit, and never for a rollback). It reconnects with
 * backoff, and tells its owner whenever it goes live or stops being live, so the owner can drop whatever it derived
 * from notifications it may have missed.
 */
export class NotificationListener {
  private client?: pg.Client;
  private stopped = false;
  private live = false;
  private retryMs = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private connecting?: Promise<void>;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
    private readonly options: NotificationListenerOptions = {},
  ) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  }

  get isLive(): boolean {
    return this.live;
  }

  /** How this connection appears in pg_stat_activity.application_name; `listen:<channel>:` starts every listener's. */
  get applicationName(): string {
    return `listen:${this.channel}:${this.options.instance ?? process.pid}`;
  }

  /** NOTIFY on the listening connection itself (so it follows every notification this process has handled). */
  async notify(payload: string): Promise<void> {
    const client = this.client;
    if (!client || !this.live) throw new Error(`listener on ${this.channel} is not connected`);
    await client.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
  }

  /** Connects and listens; resolves once live or after the first failure (it keeps retrying in the background). */
  start(): Promise<void> {
    this.stopped = false;
    this.connecting = this.connect();
    return this.connecting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    await this.connecting?.catch(() => undefined);
    this.setLive(false);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    this.handlers.onLive(live);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Names the connection in pg_stat_activity: which process listens on what.
      application_name: this.applicationName,
    });
    this.client = client;
    const lost = (reason: string) => {
      if (this.client !== client) return;
      this.client = undefined;
      clearInterval(this.heartbeatTimer);
      this.setLive(false);
      client.end().catch(() => undefined);
      if (this.stopped) return;
      this.retryMs = Math.min(this.options.maxRetryMs ?? 5_000, this.retryMs === 0 ? 100 : this.retryMs * 2);
      this.options.log?.(`listener on ${this.channel} lost its connection (${reason}); retrying in ${this.retryMs} ms`);
      this.reconnectTimer = setTimeout(() => {
        this.connecting = this.connect();
      }, this.retryMs);
      this.reconnectTimer.unref(); // a listener alone never keeps the process alive
    };
    client.on('error', (e) => lost(e.message));
    client.on('end', () => lost('closed'));
    client.on('notification', (message) => {
      if (this.client === client && message.channel === this.channel) this.handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      lost((error as Error).message);
      return;
    }
    if (this.client !== client || this.stopped) return;
    this.retryMs = 0;
    this.setLive(true);
    this.startHeartbeat(client, lost);
  }

  private startHeartbeat(client: pg.Client, lost: (reason: string) => void): void {
    const every = this.options.heartbeatMs ?? 2_000;
    const timeout = this.options.heartbeatTimeoutMs ?? 3_000;
    let pending = false;
    this.heartbeatTimer = setInterval(() => {
      if (pending) return;
      pending = true;
      const timer = setTimeout(() => lost(`no answer to a heartbeat within ${timeout} ms`), timeout);
      timer.unref();
      client.query('SELECT 1').then(
        () => {
          pending = false;
          clearTimeout(timer);
        },
        (error: Error) => {
          pending = false;
          clearTimeout(timer);
          lost(error.message);
        },
      );
    }, every);
    this.heartbeatTimer.unref();
  }
}
