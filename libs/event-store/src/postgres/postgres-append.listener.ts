import type { Client } from 'pg';
import type { ChangeNotifier } from '../common/change-notifier';

export interface PostgresAppendListenerOptions {
  /** A new, unconnected client for the LISTEN connection, to the primary (never one of the pool's: it must stay open). */
  newClient: () => Promise<Client>;
  /** The LISTEN connection broke: the server may be gone (the store checks, and looks for the primary). */
  onLost?: () => void;
  channel: string;
  notifier: ChangeNotifier;
  /** The store's last position (for the poll). */
  latestPosition: () => Promise<number>;
  /** How often the poll looks, while anyone is subscribed. */
  pollIntervalMs: number;
  /** Reconnection back-off of the LISTEN connection: from `min` doubling up to `max`. */
  reconnectDelayMs?: { min: number; max: number };
}

/**
 * Wakes the live subscriptions of this process when any instance appends: a dedicated connection LISTENs to the
 * channel append_events notifies at commit. Two fallbacks keep subscriptions going when it cannot: a poll of the
 * last position (also what notices that the server is back after an outage, and wakes the subscriptions that
 * waited it out), and, after a lost connection, a new one that LISTENs again — and wakes everyone, since what
 * was appended meanwhile was never announced. A wake-up carries no events, so one too many is harmless.
 */
export class PostgresAppendListener {
  private client: Client | undefined;
  private started = false;
  private stopped = false;
  private listening = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay: number;
  private pollTimer: NodeJS.Timeout | undefined;
  private polling = false;
  private lastPosition: number | undefined;
  /** The last poll failed: the next one that succeeds wakes everyone, whatever it finds. */
  private pollFailed = false;

  constructor(private readonly options: PostgresAppendListenerOptions) {
    this.reconnectDelay = options.reconnectDelayMs?.min ?? 100;
  }

  /** Whether the LISTEN connection is up (tests; the poll covers the rest). */
  get isListening(): boolean {
    return this.listening;
  }

  /** Starts listening and polling (idempotent; nothing happens before the first subscription). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    void this.connect();
    this.pollTimer = setInterval(() => void this.poll(), this.options.pollIntervalMs);
    this.pollTimer.unref(); // never keeps the process alive on its own
  }

  /** This process appended up to `position`: the poll need not report it again. */
  noteAppended(position: number): void {
    this.lastPosition = Math.max(this.lastPosition ?? 0, position);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    let client: Client;
    try {
      client = await this.options.newClient();
    } catch {
      this.scheduleReconnect(); // no primary found yet: the store is looking for one
      return;
    }
    if (this.stopped) return;
    this.client = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = undefined;
        this.listening = false;
      }
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!this.stopped) this.options.onLost?.();
      this.scheduleReconnect();
    };
    // An 'error' on an idle client must be handled, or it would end the process.
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', () => this.options.notifier.notify());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch {
      onLost();
      return;
    }
    if (lost || this.stopped) return;
    this.listening = true;
    this.reconnectDelay = this.options.reconnectDelayMs?.min ?? 100;
    // Whatever was appended while no one listened (or before this connection) is read now.
    this.options.notifier.notify();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, this.options.reconnectDelayMs?.max ?? 2000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopped || this.options.notifier.size === 0) return;
    this.polling = true;
    try {
      const position = await this.options.latestPosition();
      if (this.pollFailed || position !== this.lastPosition) {
        this.pollFailed = false;
        this.lastPosition = position;
        this.options.notifier.notify();
      }
    } catch {
      this.pollFailed = true; // the store is unreachable: the subscriptions' own reads say so, or wait
    } finally {
      this.polling = false;
    }
  }
}
