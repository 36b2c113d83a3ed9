import { create } from 'zustand';
import type { DimensionId } from '../../../protocol/enums/dimensions.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import type { Report } from '../../../main/kiosk-api/types.ts';
import { jpegUrl } from '../../camera/jpeg.ts';
import { failureOf, kiosk, type CallFailure } from '../../lib/kiosk.ts';
import { keyFindings } from './concerns.ts';
import { initialResultsState, type Light, type ResultsState, type View } from './initialState.ts';

export interface ResultsActions {
  /** Fetches the report (and the history when the customer is known); answers the report. */
  load(sessionId: string, customerId: string | null, lang: LanguageCode): Promise<Report | null>;
  /**
   * Asks where the customer stands (once per session: the platform's answer does not change
   * with the language). A failed call reads as not available, never as an error of the report.
   */
  loadStanding(): Promise<void>;
  /** Re-reads the report only (processing screen polling, language change). */
  refreshReport(lang: LanguageCode): Promise<Report | null>;
  /**
   * The customer's tap on "Send the link to my e-mail" (D-067): their consent to one e-mail with
   * the report link; the report's `email` takes main's answer. Answers the failure, if any.
   */
  sendReportEmail(lang: LanguageCode): Promise<CallFailure | null>;
  selectDimension(dimension: DimensionId | null): void;
  selectView(view: View): void;
  selectLight(light: Light | null): void;
  /** Loads the plain capture image for view+light when no annotation covers it. */
  loadFallbackImage(view: View, light: Light): Promise<void>;
  reset(): void;
}

export const useResultsStore = create<ResultsState & ResultsActions>()((set, get) => ({
  ...initialResultsState,

  async load(sessionId, customerId, lang) {
    const fresh = get().sessionId !== sessionId;
    if (fresh) get().reset();
    set({ sessionId, customerId });
    const report = await get().refreshReport(lang);
    if (customerId) {
      try {
        set({ history: await kiosk().getHistory({ customerId }) });
      } catch (error) {
        set({ error: failureOf(error) });
      }
    }
    return report;
  },

  async loadStanding() {
    const sessionId = get().sessionId;
    if (!sessionId || get().standing !== null) return;
    let standing: ResultsState['standing'];
    try {
      standing = await kiosk().getStanding({ sessionId });
    } catch {
      standing = { available: false };
    }
    // The customer may have left (reset) or another session opened while the platform answered.
    if (get().sessionId === sessionId) set({ standing });
  },

  async refreshReport(lang) {
    const sessionId = get().sessionId;
    if (!sessionId) return null;
    try {
      const report = await kiosk().getReport({ sessionId, lang });
      set({ report, error: null });
      if (!get().dimensionChosen && get().dimension === null && report.dimensions.length > 0) {
        // Open on the summary's first finding ("What to look at first"): the customer asks about
        // it first. Not simply the lowest score: that may be a grade the photo cannot vouch for
        // (a smile deepening the eye bags, D-068), which the summary puts after the sure ones.
        set({ dimension: keyFindings(report).findings[0]?.dimension ?? null });
      }
      return report;
    } catch (error) {
      set({ error: failureOf(error) });
      return null;
    }
  },

  async sendReportEmail(lang) {
    const sessionId = get().sessionId;
    if (!sessionId) return null;
    try {
      const email = await kiosk().sendReportEmail({ sessionId, lang });
      const report = get().report;
      if (report?.sessionId === sessionId) set({ report: { ...report, email } });
      return null;
    } catch (error) {
      return failureOf(error);
    }
  },

  selectDimension(dimension) {
    set({ dimension, dimensionChosen: true });
  },

  selectView(view) {
    set({ view });
  },

  selectLight(light) {
    set({ light });
  },

  async loadFallbackImage(view, light) {
    const sessionId = get().sessionId;
    const key = `${view}/${light}`;
    if (!sessionId || get().fallbackImage?.key === key) return;
    const previous = get().fallbackImage?.url;
    set({ fallbackImage: { key, url: null } });
    if (previous) URL.revokeObjectURL(previous);
    try {
      const { jpeg } = await kiosk().getCaptureImage({ sessionId, view, light, maxSide: 1600 });
      if (get().fallbackImage?.key === key) set({ fallbackImage: { key, url: jpegUrl(jpeg) } });
    } catch {
      // No capture for this pair (e.g. a single-camera profile has no side views): the viewer
      // shows "no image".
    }
  },

  reset() {
    const url = get().fallbackImage?.url;
    if (url) URL.revokeObjectURL(url);
    set({ ...initialResultsState });
  },
}));
