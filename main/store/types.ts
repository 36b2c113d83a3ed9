/** Rows of the kiosk store as the rest of main sees them (camelCase, parsed JSON, absolute paths). */
import type { LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import type { PersistedState, SkinCondition } from '../capture/session-types.ts';
import type { ProfileKind } from '../config/device-config.ts';

export type CaptureIntegrity = 'ok' | 'missing' | 'corrupt';

export interface CustomerRecord {
  readonly id: string;
  readonly platformUserId: number | null;
  readonly customId: string;
  readonly name: string;
  /** 0 unknown, 1 male, 2 female (D-022). */
  readonly gender: 0 | 1 | 2;
  /** YYYY-MM-DD or '' when unknown. */
  readonly birthday: string;
  readonly phoneCc: number;
  readonly phoneNumber: string;
  readonly email: string;
  readonly agreeClauseIds: readonly string[];
  readonly rejectClauseIds: readonly string[];
  readonly consentAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly syncedAt: number | null;
}

export type NewCustomer = Pick<CustomerRecord, 'name'> & Partial<Pick<CustomerRecord, 'customId' | 'gender' | 'birthday' | 'phoneCc' | 'phoneNumber' | 'email' | 'platformUserId'>>;

export interface SessionRecord {
  readonly id: string;
  readonly customerId: string | null;
  readonly profile: ProfileKind;
  readonly skinCondition: SkinCondition | null;
  readonly state: PersistedState;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly syncedAt: number | null;
  /**
   * Why a cancelled session ended (EndReason: consent_declined, staff, interrupted; a later
   * kiosk may write others), null for other states and for sessions cancelled before
   * migration 005. Read as text: an unknown reason is shown as a plain cancellation.
   */
  readonly endReason: string | null;
}

export interface CaptureRecord {
  readonly id: string;
  readonly sessionId: string;
  readonly view: View;
  readonly light: LightSource;
  /** Absolute path of the JPEG. */
  readonly path: string;
  /** As stored: relative to the captures directory, '/'-separated. */
  readonly filePath: string;
  readonly sha256: string;
  readonly width: number;
  readonly height: number;
  readonly bytes: number;
  readonly capturedAt: number;
  readonly integrity: CaptureIntegrity;
  readonly syncedAt: number | null;
}

export interface NewCapture {
  readonly sessionId: string;
  readonly view: View;
  readonly light: LightSource;
  readonly jpeg: Uint8Array;
  readonly width: number;
  readonly height: number;
}

export type StoreErrorCode = 'session_not_found' | 'session_closed' | 'customer_not_found' | 'not_jpeg';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
