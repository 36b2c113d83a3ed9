import { describe, expect, it } from 'vitest';
import { countdownRemaining, currentView, INITIAL_STATE, transition } from '../../../main/capture/session-machine.ts';
import type { MachineConfig } from '../../../main/capture/session-machine.ts';
import { persistedState } from '../../../main/capture/session-types.ts';
import type { SessionEvent, SessionState } from '../../../main/capture/session-types.ts';
import { autoCaptureConfigSchema, guidanceConfigSchema } from '../../../main/config/guidance-config.ts';
import { FRAME, goodFace, withPose } from './helpers/faces.ts';

const config: MachineConfig = {
  views: ['front', 'left', 'right'],
  lights: ['white', 'cross_polar'],
  guidance: guidanceConfigSchema.parse({}),
  // Defaults: 4 good frames spanning 600 ms, then a 1500 ms countdown.
  autoCapture: autoCaptureConfigSchema.parse({}),
};

const run = (events: SessionEvent[], from: SessionState = INITIAL_STATE, cfg = config) => events.reduce((s, e) => transition(s, e, cfg), from);
const good = (at: number, face = goodFace()): SessionEvent => ({ type: 'FRAME_CHECKED', at, check: face, frame: FRAME });
const bad = (at: number): SessionEvent => ({ type: 'FRAME_CHECKED', at, check: { facePresent: false }, frame: FRAME });
const toLive: SessionEvent[] = [{ type: 'CONSENT_GIVEN', clauseIds: ['privacy-v1'] }, { type: 'CUSTOMER_READY', customerId: 'c1', skinCondition: 'clean' }];
/** Good frames every 200 ms from t=0: the 4th (t=600) completes the hold. */
const hold: SessionEvent[] = [good(0), good(200), good(400), good(600)];
const shoot = (view: 'front' | 'left' | 'right', light: 'white' | 'cross_polar', id: string): SessionEvent[] => [
  { type: 'LIGHT_READY' },
  { type: 'SHOT_STORED', view, light, captureId: id },
];
const captureView = (view: 'front' | 'left' | 'right', yaw: number, t0: number): SessionEvent[] => [
  ...[0, 200, 400, 600].map((dt) => good(t0 + dt, withPose({ yaw }))),
  { type: 'TICK', at: t0 + 2100 },
  ...shoot(view, 'white', `${view}-w`),
  ...shoot(view, 'cross_polar', `${view}-x`),
];
const toReview = [...toLive, ...captureView('front', 0, 0), ...captureView('left', 30, 10_000), ...captureView('right', -30, 20_000)];

describe('capture session state machine', () => {
  it('starts at consent; consent with clauses leads to the customer step', () => {
    expect(INITIAL_STATE).toEqual({ kind: 'consent' });
    expect(run([{ type: 'CONSENT_GIVEN', clauseIds: ['privacy-v1', 'terms-v2'], rejectedClauseIds: ['marketing'] }])).toEqual({
      kind: 'customer',
      consentClauseIds: ['privacy-v1', 'terms-v2'],
      rejectedClauseIds: ['marketing'],
    });
  });

  it('ignores consent without any clause and cancels on a declined consent', () => {
    expect(transition(INITIAL_STATE, { type: 'CONSENT_GIVEN', clauseIds: [] }, config)).toBe(INITIAL_STATE);
    expect(run([{ type: 'CONSENT_DECLINED' }])).toEqual({ kind: 'cancelled', reason: 'consent_declined' });
  });

  it('customer step leads to live guidance of the first view with every light of the profile', () => {
    const s = run(toLive);
    expect(s.kind).toBe('live');
    if (s.kind !== 'live') return;
    expect(s.queue.map((p) => p.view)).toEqual(['front', 'left', 'right']);
    expect(s.queue[0].lights).toEqual(['white', 'cross_polar']);
    expect(s.data).toEqual({ consentClauseIds: ['privacy-v1'], rejectedClauseIds: [], customerId: 'c1', skinCondition: 'clean', shots: [] });
    expect(persistedState(s)).toBe('capturing');
  });

  it('offers help after helpAfterMs without progress, naming the rule still broken, and clears it on progress (D-060)', () => {
    const far = (at: number) => good(at, goodFace({ faceRatio: 0.1, faceBox: { left: 288, top: 216, width: 64, height: 72 } }));
    const turned = (at: number) => good(at, withPose({ yaw: -20 }));
    const stuckAt = (events: SessionEvent[]) => {
      const s = run([...toLive, ...events]);
      return s.kind === 'live' ? s.stuck : 'not live';
    };
    expect(config.autoCapture.helpAfterMs).toBe(20_000);
    expect(stuckAt([far(0), far(19_999)])).toEqual({ since: 0, best: 1, help: false });
    expect(stuckAt([far(0), far(10_000), far(20_000)])).toEqual({ since: 0, best: 1, help: true });
    // Swapping between a face lost and a face too small is no progress: help still comes.
    expect(stuckAt([far(0), bad(5000), far(10_000), bad(15_000), far(20_000)])).toMatchObject({ since: 0, help: true });
    // Coming closer (the first issue moves on to the head's turn) starts the wait again.
    expect(stuckAt([far(0), far(20_000), turned(21_000)])).toEqual({ since: 21_000, best: 4, help: false });
    // A good frame clears it.
    expect(stuckAt([far(0), far(20_000), good(21_000)])).toBeNull();
    const quick: MachineConfig = { ...config, autoCapture: autoCaptureConfigSchema.parse({ helpAfterMs: 3000 }) };
    const s = run([...toLive, far(0), far(3000)], INITIAL_STATE, quick);
    expect(s.kind === 'live' && s.stuck?.help).toBe(true);
  });

  it('auto-capture waits for minStableFrames good frames spanning holdMs', () => {
    const three = run([...toLive, good(0), good(200), good(400)]);
    expect(three).toMatchObject({ kind: 'live', stableFrames: 3, holdSince: 0 });
    // Four frames but only 300 ms: the hold is not long enough yet.
    expect(run([...toLive, good(0), good(100), good(200), good(300)])).toMatchObject({ kind: 'live', stableFrames: 4 });
    expect(run([...toLive, good(0), good(100), good(200), good(300), good(600)])).toMatchObject({ kind: 'countdown', endsAt: 2100 });
    expect(run([...toLive, ...hold])).toMatchObject({ kind: 'countdown', endsAt: 2100 });
  });

  it('a bad frame resets the hold and records the guidance', () => {
    const s = run([...toLive, good(0), good(200), good(400), bad(500), good(600)]);
    expect(s).toMatchObject({ kind: 'live', stableFrames: 1, holdSince: 600 });
    const turned = run([...toLive, good(0, withPose({ yaw: 20 }))]);
    expect(turned).toMatchObject({ kind: 'live', stableFrames: 0, holdSince: null, guidance: { ok: false, issues: ['turn_right'] } });
  });

  it('the countdown fires on a tick or good frame at its end and falls back to live on a bad frame', () => {
    const counting = run([...toLive, ...hold]);
    expect(countdownRemaining(counting, 1100)).toBe(1000);
    expect(transition(counting, { type: 'TICK', at: 2099 }, config)).toBe(counting);
    expect(run([{ type: 'TICK', at: 2100 }], counting)).toMatchObject({ kind: 'capturing', lightIndex: 0, step: 'set_light' });
    expect(run([good(2100)], counting)).toMatchObject({ kind: 'capturing' });
    expect(run([good(1000)], counting)).toMatchObject({ kind: 'countdown', endsAt: 2100 });
    expect(run([bad(1000)], counting)).toMatchObject({ kind: 'live', stableFrames: 0, guidance: { issues: ['no_face'] } });
    expect(run([{ type: 'MANUAL_CAPTURE' }], counting)).toMatchObject({ kind: 'capturing' });
  });

  it('staff can capture manually from live guidance', () => {
    expect(run([...toLive, bad(0), { type: 'MANUAL_CAPTURE' }])).toMatchObject({ kind: 'capturing', lightIndex: 0, step: 'set_light' });
  });

  it('shoots every light of a view in order, then moves to the next view', () => {
    let s = run([...toLive, ...hold, { type: 'TICK', at: 2100 }]);
    // A shot before the light is ready, or of another light, is ignored.
    expect(transition(s, { type: 'SHOT_STORED', view: 'front', light: 'white', captureId: 'x' }, config)).toBe(s);
    s = run([{ type: 'LIGHT_READY' }], s);
    expect(s).toMatchObject({ kind: 'capturing', step: 'shoot', lightIndex: 0 });
    expect(transition(s, { type: 'SHOT_STORED', view: 'front', light: 'cross_polar', captureId: 'x' }, config)).toBe(s);
    expect(transition(s, { type: 'LIGHT_READY' }, config)).toBe(s);
    s = run([{ type: 'SHOT_STORED', view: 'front', light: 'white', captureId: 'f-w' }], s);
    expect(s).toMatchObject({ kind: 'capturing', step: 'set_light', lightIndex: 1 });
    s = run(shoot('front', 'cross_polar', 'f-x'), s);
    expect(s).toMatchObject({ kind: 'live', stableFrames: 0, lastCheck: null });
    expect(currentView(s)).toBe('left');
  });

  it('reaches review with one shot per view and light, then done on confirm', () => {
    const review = run(toReview);
    expect(review.kind).toBe('review');
    if (review.kind !== 'review') return;
    expect(review.data.shots.map((s) => s.captureId)).toEqual(['front-w', 'front-x', 'left-w', 'left-x', 'right-w', 'right-x']);
    expect(run([{ type: 'CONFIRM' }], review)).toEqual({ kind: 'done', data: review.data });
  });

  it('retakes a whole view, or one light of it, and returns to review with the shot replaced', () => {
    const review = run(toReview);
    const view = run([{ type: 'RETAKE', view: 'left' }], review);
    expect(view).toMatchObject({ kind: 'live', pass: 'retake', queue: [{ view: 'left', lights: ['white', 'cross_polar'] }] });
    const one = run([{ type: 'RETAKE', view: 'right', light: 'cross_polar' }], review);
    expect(one).toMatchObject({ kind: 'live', pass: 'retake', queue: [{ view: 'right', lights: ['cross_polar'] }] });
    const back = run([...[0, 200, 400, 600].map((t) => good(50_000 + t, withPose({ yaw: -30 }))), { type: 'TICK', at: 60_000 }, ...shoot('right', 'cross_polar', 'right-x2')], one);
    expect(back.kind).toBe('review');
    if (back.kind !== 'review') return;
    expect(back.data.shots).toHaveLength(6);
    expect(back.data.shots.find((s) => s.view === 'right' && s.light === 'cross_polar')?.captureId).toBe('right-x2');
  });

  it('ignores retakes of views or lights the profile does not have', () => {
    const single: MachineConfig = { ...config, views: ['front'], lights: ['white'] };
    const review = run([...toLive, ...[0, 200, 400, 600].map((t) => good(t)), { type: 'TICK', at: 2100 }, ...shoot('front', 'white', 'w')], INITIAL_STATE, single);
    expect(review.kind).toBe('review');
    expect(transition(review, { type: 'RETAKE', view: 'left' }, single)).toBe(review);
    expect(transition(review, { type: 'RETAKE', view: 'front', light: 'uv' }, single)).toBe(review);
  });

  it('a failure while capturing or previewing goes to fault; retry redoes the whole view', () => {
    const capturing = run([...toLive, ...hold, { type: 'TICK', at: 2100 }, ...shoot('front', 'white', 'f-w')]);
    const failed = run([{ type: 'CAPTURE_FAILED', code: 'port_vanished', message: 'unplugged' }], capturing);
    expect(failed).toMatchObject({ kind: 'fault', error: { code: 'port_vanished', message: 'unplugged' } });
    expect(persistedState(failed)).toBe('capturing');
    const retried = run([{ type: 'RETRY' }], failed);
    expect(retried).toMatchObject({ kind: 'live', stableFrames: 0 });
    if (retried.kind === 'live') expect(retried.queue.map((p) => `${p.view}:${p.lights.join('+')}`)).toEqual(['front:white+cross_polar', 'left:white+cross_polar', 'right:white+cross_polar']);
    expect(run([...toLive, { type: 'CAPTURE_FAILED', code: 'crashed', message: 'worker' }])).toMatchObject({ kind: 'fault' });
    expect(run([...toLive, ...hold, { type: 'CAPTURE_FAILED', code: 'crashed', message: 'worker' }])).toMatchObject({ kind: 'fault' });
  });

  it('cancel ends any open state and nothing leaves done or cancelled', () => {
    const open = [INITIAL_STATE, run([toLive[0]!]), run(toLive), run([...toLive, ...hold]), run([...toLive, ...hold, { type: 'TICK', at: 2100 }]), run(toReview)];
    for (const s of open) expect(transition(s, { type: 'CANCEL' }, config)).toEqual({ kind: 'cancelled', reason: 'staff' });
    for (const s of open) expect(transition(s, { type: 'CANCEL', reason: 'idle' }, config)).toEqual({ kind: 'cancelled', reason: 'idle' });
    const done = run([...toReview, { type: 'CONFIRM' }]);
    const cancelled = run([{ type: 'CANCEL' }]);
    const all: SessionEvent[] = [...toReview, { type: 'CANCEL' }, { type: 'CONFIRM' }, { type: 'RETRY' }, { type: 'RETAKE', view: 'front' }];
    for (const e of all) {
      expect(transition(done, e, config)).toBe(done);
      expect(transition(cancelled, e, config)).toBe(cancelled);
    }
  });

  it('events that do not belong to a state leave it unchanged (same object)', () => {
    const cases: [SessionState, SessionEvent[]][] = [
      [INITIAL_STATE, [good(0), { type: 'TICK', at: 0 }, { type: 'CONFIRM' }, { type: 'MANUAL_CAPTURE' }, { type: 'CUSTOMER_READY', customerId: 'c', skinCondition: 'other' }]],
      [run([toLive[0]!]), [good(0), { type: 'CONSENT_DECLINED' }, { type: 'CUSTOMER_READY', customerId: '', skinCondition: 'clean' }]],
      [run(toLive), [{ type: 'TICK', at: 99_999 }, { type: 'LIGHT_READY' }, { type: 'CONFIRM' }, { type: 'RETRY' }]],
      [run(toReview), [good(0), { type: 'MANUAL_CAPTURE' }, { type: 'RETRY' }, { type: 'CAPTURE_FAILED', code: 'x', message: 'y' }]],
    ];
    for (const [state, events] of cases) for (const e of events) expect(transition(state, e, config)).toBe(state);
  });

  it('maps states to the coarse state stored with the session', () => {
    expect([INITIAL_STATE, run([toLive[0]!]), run(toLive), run(toReview), run([...toReview, { type: 'CONFIRM' }]), run([{ type: 'CANCEL' }])].map(persistedState)).toEqual([
      'consent',
      'customer',
      'capturing',
      'review',
      'done',
      'cancelled',
    ]);
  });
});
