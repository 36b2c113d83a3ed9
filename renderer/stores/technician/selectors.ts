import type { TechnicianState } from './initialState.ts';

export const technicianSelectors = {
  tab: (s: TechnicianState) => s.tab,
  settings: (s: TechnicianState) => s.settings,
  draft: (s: TechnicianState) => s.draft,
  secretDraft: (s: TechnicianState) => s.secretDraft,
  saving: (s: TechnicianState) => s.saving,
  savedAt: (s: TechnicianState) => s.savedAt,
  diagnostics: (s: TechnicianState) => s.diagnostics,
  diagnosing: (s: TechnicianState) => s.diagnosing,
  lightTests: (s: TechnicianState) => s.lightTests,
  calibrating: (s: TechnicianState) => s.calibrating,
  calibrationCheck: (s: TechnicianState) => s.calibrationCheck,
  savingCalibration: (s: TechnicianState) => s.savingCalibration,
  measuringPitch: (s: TechnicianState) => s.measuringPitch,
  pitchReading: (s: TechnicianState) => s.pitchReading,
  logNote: (s: TechnicianState) => s.logNote,
  error: (s: TechnicianState) => s.error,
  dirty: (s: TechnicianState) => s.secretDraft !== '' || JSON.stringify(s.settings) !== JSON.stringify(s.draft),
  failedChecks: (s: TechnicianState) => s.diagnostics?.checks.filter((c) => !c.ok).length ?? 0,
};
