/**
 * A small KioskApi for transport tests: a handful of methods with real contract-shaped answers,
 * a PIN per role, and knobs to make a method throw or answer malformed output. Methods not
 * written here throw a KioskApiError('not_found') so a test that reaches one fails clearly.
 */
import { uiMessage } from '../../../../main/kiosk-api/messages.ts';
import type { KioskApi, KioskMethod, SessionView } from '../../../../main/kiosk-api/types.ts';
import { KioskApiError } from '../../../../common/kiosk/api-error.ts';

export const PINS = { staff: '1234', technician: '987654' } as const;

export function sessionView(id: string, overrides: Partial<SessionView> = {}): SessionView {
  return {
    id, state: 'live', customerId: null, skinCondition: null, views: [{ view: 'front', lights: ['white'] }],
    current: { view: 'front', light: null, step: null, stillToken: null }, guidance: { ok: false, issues: ['no_face'] }, face: null, countdownMs: null,
    shots: [], fault: null, previousOutline: null, target: null, help: null, ...overrides,
  };
}

export interface TestApiState {
  /** Inputs each method received, after validation. */
  readonly calls: { method: KioskMethod; input: unknown }[];
  /** Thrown by the next call of any method, then cleared. */
  throwNext: unknown;
  /** Answered instead of the real output by the next call, then cleared (bypasses the types). */
  malformedNext: unknown;
}

export function createTestApi(): { api: KioskApi; state: TestApiState } {
  const state: TestApiState = { calls: [], throwNext: undefined, malformedNext: undefined };
  const impl: Partial<KioskApi> = {
    async getStatus() {
      return {
        mode: 'browser', version: 'test',
        device: { profile: 'single_camera', views: ['front'], lights: ['white'], simulated: true, camera: 'simulated' },
        platform: { baseUrl: 'http://127.0.0.1:1', region: 'overseas', reachable: false, clockSkewMs: null },
        openSessionId: null,
        idleSeconds: { customer: 90, results: 120, operator: 120 },
        languages: { default: 'en', list: ['en'] },
        sync: { pending: 0, failed: 0, lastSuccessAt: null },
      };
    },
    async verifyPin(input) {
      return { ok: PINS[input.role] === input.pin };
    },
    async getSession(input) {
      return sessionView(input.sessionId);
    },
    async submitFrame(input) {
      // Echo the frame size through the view so a round trip proves the bytes arrived whole.
      return sessionView(input.sessionId, { countdownMs: input.jpeg.byteLength });
    },
    async nextSimulatedFrame(input) {
      const jpeg = new Uint8Array(300_000);
      for (let i = 0; i < jpeg.length; i++) jpeg[i] = (i * 7) & 0xff;
      return { jpeg, session: sessionView(input.sessionId) };
    },
    async captureNow(input) {
      return sessionView(input.sessionId, { state: 'capturing', current: { view: 'front', light: 'white', step: 'set_light', stillToken: null } });
    },
    async getCaptureImage(input) {
      return { jpeg: new Uint8Array([0xff, 0xd8, (input.maxSide ?? 0) & 0xff, 0xff, 0xd9]) };
    },
    async listSessions() {
      return { sessions: [], dailyCount: 0 };
    },
    async exportLogs() {
      return { fileName: 'kiosk.log', text: 'log' };
    },
    async testLight(input) {
      return { ok: true, detail: uiMessage('light.ok', { light: input.light }) };
    },
    async lock() {
      return { ok: true };
    },
    async deleteSession(input) {
      throw new KioskApiError('not_found', `no session ${input.sessionId}`);
    },
  };
  const api = new Proxy({} as KioskApi, {
    get(_target, property) {
      if (typeof property !== 'string') return undefined;
      return async (input: unknown) => {
        state.calls.push({ method: property as KioskMethod, input });
        if (state.throwNext !== undefined) {
          const error = state.throwNext;
          state.throwNext = undefined;
          throw error;
        }
        if (state.malformedNext !== undefined) {
          const output = state.malformedNext;
          state.malformedNext = undefined;
          return output;
        }
        const method = (impl as Record<string, ((input: unknown) => Promise<unknown>) | undefined>)[property];
        if (!method) throw new KioskApiError('not_found', `test API has no ${property}`);
        return method(input);
      };
    },
  });
  return { api, state };
}
