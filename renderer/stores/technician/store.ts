import { create } from 'zustand';
import type { KioskInput, Settings } from '../../../main/kiosk-api/types.ts';
import { errorMessage, failureOf, kiosk } from '../../lib/kiosk.ts';
import { checkWindowCamera } from '../../camera/camera-check.ts';
import { useKioskStore } from '../kiosk/store.ts';
import { initialTechnicianState, type LightName, type TechnicianState, type TechnicianTab } from './initialState.ts';

type Patch = KioskInput<'updateSettings'>['patch'];

export interface TechnicianActions {
  setTab(tab: TechnicianTab): void;
  load(): Promise<void>;
  /** Edits the draft with an updater; nothing reaches main before save(). */
  edit(update: (draft: Settings) => Settings): void;
  setSecretDraft(secret: string): void;
  discard(): void;
  save(): Promise<boolean>;
  testLight(light: LightName): Promise<void>;
  /**
   * Checks a grey-card still of a light; main refuses what is not a grey card and otherwise
   * proposes exposure and gains, shown before and after, saved only by saveCalibration (D-060). With
   * `shoot` (the renderer's camera): main switches the light on and lets it settle, the still is
   * taken while it is lit and sent back with main's token. Without: main's own camera does it all.
   */
  calibrate(light: LightName, shoot?: () => Promise<Uint8Array<ArrayBuffer>>): Promise<void>;
  /** Saves the correction on show; the unit's calibration changes only here. */
  saveCalibration(): Promise<void>;
  dismissCalibration(): void;
  /**
   * Reads the camera mounting's pitch on someone looking at the screen and puts it in the draft
   * (saved with the other settings). `frames` grabs preview JPEGs of the renderer's camera;
   * without it main measures on its own camera.
   */
  measurePitch(frames?: () => Promise<Uint8Array<ArrayBuffer>[]>): Promise<void>;
  runDiagnostics(): Promise<void>;
  /** Asks main for the logs and hands them to the browser as a download. */
  exportLogs(): Promise<{ fileName: string; text: string } | null>;
  reset(): void;
}

/** The top-level sections that differ between saved settings and the draft. */
function changedSections(saved: Settings, draft: Settings): Patch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof Settings)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(draft[key])) patch[key] = draft[key];
  }
  return patch as Patch;
}

export const useTechnicianStore = create<TechnicianState & TechnicianActions>()((set, get) => ({
  ...initialTechnicianState,

  setTab(tab) {
    set({ tab, error: null });
  },

  async load() {
    try {
      const settings = await kiosk().getSettings({});
      set({ settings, draft: settings, error: null });
    } catch (error) {
      set({ error: failureOf(error) });
    }
  },

  edit(update) {
    const draft = get().draft;
    if (draft) set({ draft: update(draft) });
  },

  setSecretDraft(secret) {
    set({ secretDraft: secret });
  },

  discard() {
    set({ draft: get().settings, secretDraft: '' });
  },

  async save() {
    const { settings, draft, secretDraft } = get();
    if (!settings || !draft) return false;
    const patch = changedSections(settings, draft);
    if (secretDraft) patch.appSecret = secretDraft;
    set({ saving: true, error: null });
    try {
      const saved = await kiosk().updateSettings({ patch });
      set({ settings: saved, draft: saved, secretDraft: '', saving: false, savedAt: Date.now() });
      // The renderer runs real cameras and keeps the choice: the customer flow cannot read
      // technician settings (docs/ui.md, "Camera choice").
      const { deviceId, width, height } = saved.camera;
      useKioskStore.getState().setCameraPrefs({ deviceId, width, height });
      return true;
    } catch (error) {
      set({ saving: false, error: failureOf(error) });
      return false;
    }
  },

  async testLight(light) {
    set((s) => ({ lightTests: { ...s.lightTests, [light]: { running: true } } }));
    try {
      const { ok, detail } = await kiosk().testLight({ light });
      set((s) => ({ lightTests: { ...s.lightTests, [light]: { running: false, ok, detail } } }));
    } catch (error) {
      set((s) => ({ lightTests: { ...s.lightTests, [light]: { running: false, ok: false, error: errorMessage(error) } } }));
    }
  },

  async calibrate(light, shoot) {
    set({ calibrating: light, calibrationCheck: null, error: null });
    try {
      let check;
      if (shoot) {
        const { token } = await kiosk().startCalibration({ light });
        check = await kiosk().calibrateLight({ light, token, jpeg: await shoot() });
      } else check = await kiosk().calibrateLight({ light });
      set({ calibrating: null, calibrationCheck: check });
    } catch (error) {
      set({ calibrating: null, error: failureOf(error) });
    }
  },

  async saveCalibration() {
    const check = get().calibrationCheck;
    if (!check?.ok || !check.proposal) return;
    set({ savingCalibration: true, error: null });
    try {
      const saved = await kiosk().saveCalibration({ light: check.light, proposal: check.proposal });
      const apply = (s: Settings | null): Settings | null => (s ? { ...s, calibration: { ...s.calibration, [check.light]: saved } } : s);
      set((s) => ({ savingCalibration: false, calibrationCheck: null, settings: apply(s.settings), draft: apply(s.draft) }));
    } catch (error) {
      set({ savingCalibration: false, error: failureOf(error) });
    }
  },

  dismissCalibration() {
    set({ calibrationCheck: null });
  },

  async measurePitch(frames) {
    set({ measuringPitch: true, pitchReading: null, error: null });
    try {
      const reading = await kiosk().measurePitch(frames ? { jpegs: await frames() } : {});
      const pitch = reading.pitch;
      set((s) => ({ measuringPitch: false, pitchReading: reading, draft: s.draft && reading.ok && pitch !== null ? { ...s.draft, pitchOffset: pitch } : s.draft }));
    } catch (error) {
      set({ measuringPitch: false, error: failureOf(error) });
    }
  },

  async runDiagnostics() {
    set({ diagnosing: true, error: null });
    try {
      const diagnostics = await kiosk().getDiagnostics({});
      // Main cannot see the window's own camera: the window checks it and reports in its place.
      const checks = await Promise.all(
        diagnostics.checks.map((check) => (check.name === 'camera' && check.detail.key === 'diag.camera_renderer' ? checkWindowCamera(useKioskStore.getState().cameraPrefs) : check)),
      );
      set({ diagnostics: { checks }, diagnosing: false });
    } catch (error) {
      set({ diagnosing: false, error: failureOf(error) });
    }
  },

  async exportLogs() {
    try {
      const logs = await kiosk().exportLogs({});
      set({ logNote: logs.fileName, error: null });
      return logs;
    } catch (error) {
      set({ error: failureOf(error) });
      return null;
    }
  },

  reset() {
    set({ ...initialTechnicianState });
  },
}));
