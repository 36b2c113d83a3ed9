/**
 * What one kiosk API connection has earned: the roles granted by a successful verifyPin, and its
 * recent wrong PINs. A connection is one Electron window (its webContents) or one browser-host
 * connection token. Roles live in main, never in the renderer: a compromised page cannot claim one.
 *
 * Expiry (docs/kiosk-shell.md, "Roles"): a role lapses after `roleIdleMs` (default 5 min) without
 * a privileged call that used it. Only privileged calls count as use: customers keep tapping
 * through the kiosk after staff walk away, and their calls must not keep the staff role alive.
 * A technician role also satisfies staff methods (technicians service the whole kiosk).
 */
import type { KioskInput } from '../kiosk-api/types.ts';

export type Role = KioskInput<'verifyPin'>['role'];

export interface ConnectionSessionOptions {
  /** A role lapses after this long without a privileged call that used it. Default 5 minutes. */
  readonly roleIdleMs?: number;
  /** Wrong PINs in a row before verifyPin is refused for `lockoutMs`. Default 5. */
  readonly maxPinFailures?: number;
  /** Default 60 s. */
  readonly lockoutMs?: number;
  readonly now?: () => number;
}

export const DEFAULT_ROLE_IDLE_MS = 5 * 60_000;
const DEFAULT_MAX_PIN_FAILURES = 5;
const DEFAULT_LOCKOUT_MS = 60_000;

/** Which granted roles satisfy a required one. */
const SATISFIES: Readonly<Record<Role, readonly Role[]>> = {
  staff: ['staff', 'technician'],
  technician: ['technician'],
};

export class ConnectionSession {
  readonly roleIdleMs: number;
  private readonly maxPinFailures: number;
  private readonly lockoutMs: number;
  private readonly now: () => number;
  /** Role -> time of its grant or last privileged use. */
  private readonly lastUse = new Map<Role, number>();
  private pinFailures = 0;
  private lockedUntil = 0;

  constructor(options: ConnectionSessionOptions = {}) {
    this.roleIdleMs = options.roleIdleMs ?? DEFAULT_ROLE_IDLE_MS;
    this.maxPinFailures = options.maxPinFailures ?? DEFAULT_MAX_PIN_FAILURES;
    this.lockoutMs = options.lockoutMs ?? DEFAULT_LOCKOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * True when a live role satisfies `required`; that role's idle clock restarts (`touch`), so a
   * technician working through settings is not logged out mid-task.
   */
  authorize(required: Role, touch = true): boolean {
    const now = this.now();
    for (const role of SATISFIES[required]) {
      const last = this.lastUse.get(role);
      if (last === undefined) continue;
      if (now - last >= this.roleIdleMs) {
        this.lastUse.delete(role);
        continue;
      }
      if (touch) this.lastUse.set(role, now);
      return true;
    }
    return false;
  }

  /** Roles alive now (for diagnostics and tests). */
  roles(): Role[] {
    return (['staff', 'technician'] as const).filter((role) => {
      const last = this.lastUse.get(role);
      return last !== undefined && this.now() - last < this.roleIdleMs;
    });
  }

  /** Milliseconds verifyPin stays refused, 0 when it may be tried. */
  pinLockRemainingMs(): number {
    return Math.max(0, this.lockedUntil - this.now());
  }

  recordPinResult(role: Role, ok: boolean): void {
    if (ok) {
      this.pinFailures = 0;
      this.lastUse.set(role, this.now());
      return;
    }
    this.pinFailures += 1;
    if (this.pinFailures >= this.maxPinFailures) {
      this.pinFailures = 0;
      this.lockedUntil = this.now() + this.lockoutMs;
    }
  }

  /** Drops every role: the window navigated or reloaded, or the connection was closed. */
  revokeAll(): void {
    this.lastUse.clear();
  }
}
