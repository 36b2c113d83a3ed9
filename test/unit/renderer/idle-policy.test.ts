/** Which timeout each screen has and when a screen is busy by itself (D-046). */
import { describe, expect, it } from 'vitest';
import { customerPresent, idleKind, isBusy, timeoutMsFor, type IdleContext } from '../../../renderer/app/idle-policy.ts';
import type { SessionView } from '../../../main/kiosk-api/types.ts';

const face = { left: 0.3, top: 0.2, width: 0.4, height: 0.5, yaw: 0, pitch: 0, roll: 0 };
const at = (screen: IdleContext['screen'], state: SessionView['state'] | null, extra: Partial<IdleContext> = {}): IdleContext => ({
  screen,
  session: state ? { state, face: null } : null,
  reportStage: null,
  ...extra,
});

describe('idle policy', () => {
  it('times out every screen but idle: customer screens, the customer\u2019s results, and operator areas (which lock)', () => {
    expect(idleKind('idle', false)).toBeNull();
    for (const screen of ['consent', 'customer', 'capture', 'review', 'processing'] as const) expect(idleKind(screen, true)).toBe('customer');
    expect(idleKind('results', true)).toBe('results');
    // A report staff opened from their list is theirs: it locks like the staff screen.
    expect(idleKind('results', false)).toBe('operator');
    expect(idleKind('staff', false)).toBe('operator');
    expect(idleKind('technician', false)).toBe('operator');
    expect(timeoutMsFor('results', { customer: 90, results: 120, operator: 60 })).toBe(120_000);
  });

  it('holds the clock during the capture countdown and the shots, not during guidance, a fault or review', () => {
    expect(isBusy(at('capture', 'countdown'))).toBe(true);
    expect(isBusy(at('capture', 'capturing'))).toBe(true);
    expect(isBusy(at('capture', 'live'))).toBe(false);
    expect(isBusy(at('capture', 'fault'))).toBe(false);
    expect(isBusy(at('review', 'review'))).toBe(false);
    expect(isBusy(at('consent', 'consent'))).toBe(false);
  });

  it('holds it while processing waits for the results (offline too), not once the analysis failed', () => {
    for (const stage of [null, 'capturing', 'queued_offline', 'uploading', 'analysing']) expect(isBusy(at('processing', 'done', { reportStage: stage }))).toBe(true);
    for (const stage of ['failed', 'ready']) expect(isBusy(at('processing', 'done', { reportStage: stage }))).toBe(false);
  });

  it('counts a face in front of the camera during guidance as someone there', () => {
    expect(customerPresent({ screen: 'capture', session: { state: 'live', face }, reportStage: null })).toBe(true);
    expect(customerPresent(at('capture', 'live'))).toBe(false);
    expect(customerPresent({ screen: 'review', session: { state: 'review', face }, reportStage: null })).toBe(false);
  });
});
