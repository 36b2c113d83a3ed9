import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { KioskState } from './initialState.ts';

/** The merchant's enabled languages, default first (issue 8: idle screen). */
function languages(state: KioskState): LanguageCode[] {
  const status = state.status;
  if (!status) return ['en'];
  const rest = status.languages.list.filter((code) => code !== status.languages.default);
  return [status.languages.default, ...rest];
}

export const kioskSelectors = {
  screen: (s: KioskState) => s.screen,
  language: (s: KioskState) => s.language,
  status: (s: KioskState) => s.status,
  statusError: (s: KioskState) => s.statusError,
  pinFor: (s: KioskState) => s.pinFor,
  cameraPrefs: (s: KioskState) => s.cameraPrefs,
  online: (s: KioskState) => s.status?.platform.reachable ?? false,
  simulated: (s: KioskState) => s.status?.device.simulated ?? false,
  usesRendererCamera: (s: KioskState) => s.status?.device.camera === 'renderer',
  syncPending: (s: KioskState) => s.status?.sync.pending ?? 0,
  syncFailed: (s: KioskState) => s.status?.sync.failed ?? 0,
  languages,
};
