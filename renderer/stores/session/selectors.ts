import type { SessionView } from '../../../main/kiosk-api/types.ts';
import type { SessionState } from './initialState.ts';

type View = SessionView['views'][number]['view'];
type Light = SessionView['views'][number]['lights'][number];
type GuidanceCode = NonNullable<SessionView['guidance']>['issues'][number];

export interface RailStep {
  view: View;
  light: Light;
  status: 'done' | 'current' | 'pending';
}

/** Views x lights of the plan, each marked done, current or pending (the progress rail). */
export function railSteps(view: SessionView | null): RailStep[] {
  if (!view) return [];
  const steps: RailStep[] = [];
  for (const plan of view.views) {
    plan.lights.forEach((light, index) => {
      const done = view.shots.some((s) => s.view === plan.view && s.light === light);
      const current =
        view.current !== null &&
        view.current.view === plan.view &&
        (view.current.light === light || (view.current.light === null && index === 0 && !done));
      steps.push({ view: plan.view, light, status: current ? 'current' : done ? 'done' : 'pending' });
    });
  }
  return steps;
}

/** 1-based index of the current view and the number of views, for "View 2 of 3". */
export function viewStep(view: SessionView | null): { n: number; total: number } {
  if (!view) return { n: 0, total: 0 };
  const index = view.current ? view.views.findIndex((v) => v.view === view.current?.view) : -1;
  return { n: index + 1, total: view.views.length };
}

/** The guidance issue shown big (main orders them by priority: the first wins). */
export function mainIssue(view: SessionView | null): GuidanceCode | null {
  return view?.guidance?.issues[0] ?? null;
}

export interface OutlineMatch {
  matches: boolean;
  dx: number;
  dy: number;
  scale: number;
}

/**
 * Does the live face sit where the previous session's outline is? Compares the outline's box
 * with the face box: centres within 6 % of the frame and sizes within 15 %. Beyond that the
 * images are taken from a different distance or angle and scores compare less fairly, so the
 * customer is warned (issue 8: previous outline on repeat visits).
 */
export function outlineMatch(view: SessionView | null): OutlineMatch | null {
  const outline = view?.previousOutline;
  const face = view?.face;
  if (!outline || outline.length < 3 || !face) return null;
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const width = Math.max(...xs) - left;
  const height = Math.max(...ys) - top;
  const dx = face.left + face.width / 2 - (left + width / 2);
  const dy = face.top + face.height / 2 - (top + height / 2);
  const scale = width > 0 ? face.width / width : 1;
  const matches = Math.abs(dx) <= 0.06 && Math.abs(dy) <= 0.06 && Math.abs(scale - 1) <= 0.15;
  return { matches, dx, dy, scale };
}

export const sessionSelectors = {
  view: (s: SessionState) => s.view,
  sessionId: (s: SessionState) => s.sessionId,
  state: (s: SessionState) => s.view?.state ?? null,
  clauses: (s: SessionState) => s.clauses,
  ticked: (s: SessionState) => s.ticked,
  customer: (s: SessionState) => s.customer,
  /**
   * The session's customer: the one chosen on this screen, else the one main's durable session
   * names. After a reload the screen resumes the session from main (useSessionResume) without the
   * customer it had chosen; the report must still be read with that customer's history (D-061).
   */
  customerId: (s: SessionState) => s.customer?.id ?? s.view?.customerId ?? null,
  preselected: (s: SessionState) => s.preselected,
  skinCondition: (s: SessionState) => s.skinCondition,
  busy: (s: SessionState) => s.busy,
  error: (s: SessionState) => s.error,
  /** Every required clause ticked (an empty list needs nothing). */
  consentComplete: (s: SessionState) => s.clauses.every((c) => !c.required || s.ticked[c.id] === true),
  canBeginCapture: (s: SessionState) => s.customer !== null && s.skinCondition !== null && !s.busy,
};
