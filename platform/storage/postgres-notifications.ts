import pg from 'pg';
import type { NotificationHandlers, SqlNotifications } from './sql.ts';

/** First wait before listening again after a lost connection; doubled up to MAX_RETRY_MS. */
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;
const CHANNEL = /^[a-z_]{1,63}$/;

/**
 * LISTEN on connections of their own, outside the pool: a listening connection must stay open
 * and idle, and a pooled one is handed to any query. Each listener reconnects after a loss with
 * a doubling wait, and says when it listens and when it stopped, so a user of what it hears can
 * stop trusting it while it is deaf (a notification sent meanwhile is lost for good).
 */
export class PostgresNotifications implements SqlNotifications {
  readonly #config: pg.ClientConfig;
  readonly #listeners = new Set<Listener>();

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  listen(channel: string, handlers: NotificationHandlers): () => Promise<void> {
    if (!CHANNEL.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const listener = new Listener(this.#config, channel, handlers);
    this.#listeners.add(listener);
    return async () => {
      this.#listeners.delete(listener);
      await listener.stop();
    };
  }

  async close(): Promise<void> {
    const all = [...this.#listeners];
    this.#listeners.clear();
    await Promise.all(all.map((l) => l.stop()));
  }
}

class Listener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retry: NodeJS.Timeout | null = null;
  #delayMs = FIRST_RETRY_MS;
  readonly #gone = new WeakSet<pg.Client>();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly handlers: NotificationHandlers,
  ) {
    void this.#open();
  }

  async #open(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client(this.config);
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel && this.#client === client) this.handlers.heard(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch {
      this.#lost(client);
      return;
    }
    if (this.#stopped || this.#gone.has(client)) {
      void client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#delayMs = FIRST_RETRY_MS;
    this.handlers.listening(true);
  }

  /** Once per client, whichever of error, end or a failed start comes first. */
  #lost(client: pg.Client): void {
    if (this.#gone.has(client)) return;
    this.#gone.add(client);
    if (this.#client === client) {
      this.#client = null;
      this.handlers.listening(false);
    }
    void client.end().catch(() => {});
    if (this.#stopped || this.#retry) return;
    this.#retry = setTimeout(() => {
      this.#retry = null;
      void this.#open();
    }, this.#delayMs);
    this.#retry.unref();
    this.#delayMs = Math.min(MAX_RETRY_MS, this.#delayMs * 2);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    this.#gone.add(client);
    this.handlers.listening(false);
    await client.end().catch(() => {});
  }
}
