import type { KioskOutput, Settings, UiMessage } from '../../../main/kiosk-api/types.ts';
import type { CallFailure } from '../../lib/kiosk.ts';

export type Diagnostics = KioskOutput<'getDiagnostics'>;
export type PitchReading = KioskOutput<'measurePitch'>;
/** main's check of a calibration still: a proposed correction to look at, or a refusal (D-060). */
export type CalibrationCheck = KioskOutput<'calibrateLight'>;
export type LightName = Settings['lights'][number];
export type TechnicianTab = 'device' | 'camera' | 'lights' | 'calibration' | 'diagnostics' | 'platform' | 'logs';

export interface TechnicianState {
  tab: TechnicianTab;
  /** As main last answered. */
  settings: Settings | null;
  /** What the technician is editing; saved as a patch of the changed sections. */
  draft: Settings | null;
  /** A new app secret (write-only: main never returns the stored one). */
  secretDraft: string;
  saving: boolean;
  savedAt: number | null;
  diagnostics: Diagnostics | null;
  diagnosing: boolean;
  /** Per light: main's answer (`detail`), or the call's own failure (`error`). */
  lightTests: Partial<Record<LightName, { running: boolean; ok?: boolean; detail?: UiMessage; error?: string }>>;
  calibrating: LightName | null;
  /** The last calibration still's check, shown until saved, dismissed or replaced. */
  calibrationCheck: CalibrationCheck | null;
  savingCalibration: boolean;
  measuringPitch: boolean;
  /** main's last pitch measurement; a good one has already set the draft's pitchOffset. */
  pitchReading: PitchReading | null;
  logNote: string | null;
  error: CallFailure | null;
}

export const initialTechnicianState: TechnicianState = {
  tab: 'device',
  settings: null,
  draft: null,
  secretDraft: '',
  saving: false,
  savedAt: null,
  diagnostics: null,
  diagnosing: false,
  lightTests: {},
  calibrating: null,
  calibrationCheck: null,
  savingCalibration: false,
  measuringPitch: false,
  pitchReading: null,
  logNote: null,
  error: null,
};
