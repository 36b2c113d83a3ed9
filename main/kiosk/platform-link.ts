/**
 * The kiosk's connection to the platform: the PlatformClient built from the settings (rebuilt
 * when the technician changes them), what the last calls said about reachability, and a probe
 * for diagnostics that also measures the clock skew from the HTTP Date header.
 */
import { request } from 'undici';
import type { Region } from '../../protocol/regions.ts';
import { PlatformClient } from '../platform-client/client.ts';
import { NotConfiguredError } from '../sync/failures.ts';
import type { KioskSettings } from './settings.ts';

export interface ProbeResult {
  readonly reachable: boolean;
  /** Platform clock minus kiosk clock (ms, 1 s resolution of the Date header); null when unknown. */
  readonly clockSkewMs: number | null;
  /** The address probed ('' when none is configured). */
  readonly address: string;
  /** The HTTP status and round trip of the answer; null when none came. */
  readonly status: number | null;
  readonly elapsedMs: number | null;
  /** Why no answer came (the connection's error), null when one came. */
  readonly error: string | null;
}

/** The origins of the given addresses, each once; empty and malformed addresses have none. */
export function originsOf(addresses: readonly string[]): string[] {
  const origins = addresses.flatMap((address) => {
    if (!URL.canParse(address)) return [];
    const { protocol, origin } = new URL(address);
    return protocol === 'http:' || protocol === 'https:' ? [origin] : [];
  });
  return [...new Set(origins)];
}

export class PlatformLink {
  private current: PlatformClient | null = null;
  private missing: string | null = 'not yet loaded';
  reachable: boolean | null = null;
  lastContactAt: number | null = null;
  clockSkewMs: number | null = null;
  private probedAt = 0;
  private generation = 0;

  constructor(
    private readonly settings: KioskSettings,
    private readonly onRegionChange: (region: Region) => void,
  ) {}

  /** Builds the client from the settings; a missing piece is remembered for `client()` to report. */
  async rebuild(): Promise<void> {
    const old = this.current;
    this.current = null;
    await old?.close().catch(() => undefined);
    // What the old address or credentials said about reachability says nothing about the new ones;
    // a probe of the old address still under way must not answer for them (see probe).
    this.reachable = null;
    this.generation += 1;
    const p = this.settings.platform();
    const secret = await this.settings.appSecret();
    const gaps = [!p.addresses.cn && !p.addresses.overseas ? 'platform address' : '', !p.appId ? 'app id' : '', !secret ? 'app secret' : '', !p.storeCustomId ? 'store custom id' : ''].filter(Boolean);
    this.missing = gaps.length > 0 ? gaps.join(', ') : null;
    if (this.missing || !secret) return;
    this.current = new PlatformClient({
      addresses: { cn: p.addresses.cn || p.addresses.overseas, overseas: p.addresses.overseas || p.addresses.cn },
      region: p.region,
      appId: p.appId,
      appSecret: secret,
      merchantId: p.merchantId,
      onRegionChange: this.onRegionChange,
    });
  }

  /** Whether every piece the client needs is set (address, app id and secret, store). */
  get configured(): boolean {
    return this.current !== null;
  }

  client(): PlatformClient {
    if (!this.current) throw new NotConfiguredError(`${this.missing ?? 'unknown'} missing`);
    return this.current;
  }

  get baseUrl(): string {
    if (this.current) return this.current.baseUrl;
    const p = this.settings.platform();
    return p.addresses[p.region];
  }

  /**
   * The origins of every configured platform address (both regions, as a 44099 may switch to
   * the other at any time): the page may show images from these and no others (D-042).
   */
  origins(): string[] {
    const { addresses } = this.settings.platform();
    return originsOf([this.baseUrl, addresses.cn, addresses.overseas]);
  }

  get region(): Region {
    return this.current?.currentRegion ?? this.settings.platform().region;
  }

  noteContact(reachable: boolean): void {
    this.reachable = reachable;
    if (reachable) this.lastContactAt = Date.now();
  }

  /**
   * For an idle kiosk, whose only other contact is the catalogue refresh every half hour (its
   * time is kept across starts): probes when reachability is unknown (after a start or a
   * settings change), and at most once a minute while the platform was last unreachable, so the
   * status shows Online again soon after the network comes back.
   */
  async probeIfUnsure(retryMs = 60_000): Promise<void> {
    if (!this.configured || this.reachable === true) return;
    if (this.reachable === false && Date.now() - this.probedAt < retryMs) return;
    await this.probe();
  }

  /** Any answer counts as reachable (a 404 of the root too); the Date header gives the skew. */
  async probe(timeoutMs = 5000): Promise<ProbeResult> {
    const base = this.baseUrl;
    if (!base) return { reachable: false, clockSkewMs: null, address: '', status: null, elapsedMs: null, error: 'no platform address configured' };
    const sent = Date.now();
    this.probedAt = sent;
    const generation = this.generation;
    const note = (reachable: boolean): void => {
      if (generation === this.generation) this.noteContact(reachable);
    };
    try {
      // Not kept alive: a probe comes at most once a minute, and an idle pooled socket would only
      // hold up a platform that is shutting down.
      const res = await request(`${base}/`, { method: 'GET', headers: { connection: 'close' }, signal: AbortSignal.timeout(timeoutMs), headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
      await res.body.dump();
      const received = Date.now();
      const date = Date.parse(String(res.headers.date ?? ''));
      this.clockSkewMs = Number.isNaN(date) ? null : Math.round(date + 500 - (sent + received) / 2);
      note(true);
      return { reachable: true, clockSkewMs: this.clockSkewMs, address: base, status: res.statusCode, elapsedMs: received - sent, error: null };
    } catch (error) {
      note(false);
      return { reachable: false, clockSkewMs: null, address: base, status: null, elapsedMs: null, error: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.current?.close().catch(() => undefined);
    this.current = null;
  }
}
