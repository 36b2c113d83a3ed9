/**
 * Who may talk to the browser host. Three checks, each against a different attacker:
 *
 * - Host header = the host's own `127.0.0.1:PORT`, on every request: a web page whose DNS name
 *   rebinds to 127.0.0.1 sends its own name as Host and gets nothing, not even the static files.
 * - Origin (required on POST, checked when present) = the host's own origin, and Sec-Fetch-Site
 *   (when present) same-origin or none: another site open in a browser on this machine cannot
 *   drive the API. No CORS header is ever sent, so cross-origin reads fail too.
 * - The per-launch secret: 256 random bits made at start. The page gets it in the URL fragment
 *   (never sent over HTTP, removed from the address bar by the client) and exchanges it at
 *   POST /api/connect for a connection token; each call carries `Authorization: Bearer <token>`.
 *   This stops other local programs and users, which can reach loopback but not the fragment.
 *   A one-time launch key does the same once and then dies: the launcher puts that one on
 *   Chromium's command line, which other local users can read (ps).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ConnectionSession, type ConnectionSessionOptions } from '../transport/session.ts';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function hostAllowed(request: IncomingMessage, hostPort: string): boolean {
  return request.headers.host === hostPort;
}

export function originAllowed(request: IncomingMessage, origin: string): boolean {
  const sent = request.headers.origin;
  if (sent === undefined) {
    if (request.method === 'POST') return false;
  } else if (sent !== origin) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

export function bearerToken(request: IncomingMessage): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer ([A-Za-z0-9_-]{16,128})$/.exec(header) : null;
  return match?.[1] ?? null;
}

interface Connection {
  readonly session: ConnectionSession;
  lastSeen: number;
}

export interface HostGuardOptions {
  readonly secret?: string;
  /** Open connections kept; the least recently used is dropped beyond this. Default 16. */
  readonly maxConnections?: number;
  /** How long a one-time launch key stays usable. Default 2 minutes (Chromium's cold start). */
  readonly oneTimeKeyTtlMs?: number;
  readonly session?: ConnectionSessionOptions;
  readonly now?: () => number;
}

export class HostGuard {
  readonly secret: string;
  private readonly connections = new Map<string, Connection>();
  private readonly oneTimeKeys = new Map<string, number>();
  private readonly maxConnections: number;
  private readonly oneTimeKeyTtlMs: number;
  private readonly now: () => number;

  constructor(private readonly options: HostGuardOptions = {}) {
    this.secret = options.secret ?? newSecret();
    this.maxConnections = options.maxConnections ?? 16;
    this.oneTimeKeyTtlMs = options.oneTimeKeyTtlMs ?? 120_000;
    this.now = options.now ?? Date.now;
  }

  /** A launch key that opens one connection and then no more. */
  issueOneTimeKey(): string {
    const key = newSecret();
    this.oneTimeKeys.set(key, this.now() + this.oneTimeKeyTtlMs);
    return key;
  }

  /** True for the launch secret, or an unused, unexpired one-time key (which this spends). */
  acceptLaunchKey(key: string | undefined): boolean {
    if (!key) return false;
    if (sameSecret(key, this.secret)) return true;
    for (const [candidate, expires] of this.oneTimeKeys) {
      if (expires <= this.now()) this.oneTimeKeys.delete(candidate);
      else if (sameSecret(key, candidate)) {
        this.oneTimeKeys.delete(candidate);
        return true;
      }
    }
    return false;
  }

  openConnection(): string {
    const token = newSecret();
    this.connections.set(token, { session: new ConnectionSession({ now: this.now, ...this.options.session }), lastSeen: this.now() });
    while (this.connections.size > this.maxConnections) {
      let oldest: string | undefined;
      let oldestSeen = Infinity;
      for (const [candidate, connection] of this.connections) {
        if (connection.lastSeen < oldestSeen) [oldest, oldestSeen] = [candidate, connection.lastSeen];
      }
      if (oldest === undefined) break;
      this.connections.delete(oldest);
    }
    return token;
  }

  /** The session of a connection token (tokens are 256-bit random: a Map lookup is not a timing oracle worth a scan). */
  session(token: string | null): ConnectionSession | null {
    const connection = token ? this.connections.get(token) : undefined;
    if (!connection) return null;
    connection.lastSeen = this.now();
    return connection.session;
  }

  /** Either credential: the launch secret in X-Kiosk-Secret, or a connection token. */
  authenticated(request: IncomingMessage): boolean {
    const header = request.headers['x-kiosk-secret'];
    if (typeof header === 'string' && sameSecret(header, this.secret)) return true;
    return this.session(bearerToken(request)) !== null;
  }
}
