import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { Status } from '../../../main/kiosk-api/types.ts';
import type { CallFailure } from '../../lib/kiosk.ts';

export type Role = 'staff' | 'technician';

/** Every screen of the kiosk. Customer screens first, then the two operator areas. */
export type Screen = 'idle' | 'consent' | 'customer' | 'capture' | 'review' | 'processing' | 'results' | 'staff' | 'technician';

/**
 * What the renderer keeps of the technician's camera choice. The renderer owns real cameras
 * (getUserMedia), but getSettings is technician-only, so the customer flow cannot read the
 * choice from main: it is kept here too and persisted (docs/ui.md, "Camera choice").
 */
export interface CameraPrefs {
  deviceId: string;
  width: number;
  height: number;
}

export interface KioskState {
  status: Status | null;
  statusError: CallFailure | null;
  language: LanguageCode;
  screen: Screen;
  /** The operator area the PIN pad is open for, if any. */
  pinFor: Role | null;
  /** Roles unlocked in this kiosk API connection; the UI locks itself again on leaving. */
  unlocked: Role[];
  cameraPrefs: CameraPrefs;
}

export const DEFAULT_CAMERA_PREFS: CameraPrefs = { deviceId: '', width: 1920, height: 1080 };

export const initialKioskState: KioskState = {
  status: null,
  statusError: null,
  language: 'en',
  screen: 'idle',
  pinFor: null,
  unlocked: [],
  cameraPrefs: DEFAULT_CAMERA_PREFS,
};
