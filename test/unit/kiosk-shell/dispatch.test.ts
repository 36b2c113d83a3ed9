import { describe, expect, it } from 'vitest';
import { dispatch, type KioskCallResult } from '../../../main/transport/dispatch.ts';
import { KioskApiError } from '../../../common/kiosk/api-error.ts';
import { ConnectionSession } from '../../../main/transport/session.ts';
import { createTestApi, PINS } from './helpers/test-api.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function setup(options: { validateOutput?: boolean } = {}) {
  const { api, state } = createTestApi();
  const time = clock();
  const logged: unknown[] = [];
  const session = new ConnectionSession({ now: time.now, roleIdleMs: 5 * 60_000 });
  const call = (method: string, input: unknown, on: ConnectionSession = session) =>
    dispatch(api, method, input, on, { validateOutput: options.validateOutput ?? true, log: (message, error) => logged.push({ message, error }) });
  return { api, state, time, session, call, logged };
}

function errorOf(result: KioskCallResult) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.output)}`);
  return result.error;
}

describe('dispatch: method and input', () => {
  it('refuses a method that is not in the contract, without calling the implementation', async () => {
    const { call, state } = setup();
    for (const method of ['deleteEverything', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(errorOf(await call(method, {})).code).toBe('not_found');
    }
    expect(state.calls).toHaveLength(0);
  });

  it('refuses invalid input with invalid_input and the field at fault', async () => {
    const { call, state } = setup();
    const error = errorOf(await call('getSession', { sessionId: '' }));
    expect(error).toMatchObject({ code: 'invalid_input', field: 'sessionId' });
    const nested = errorOf(await call('submitFrame', { sessionId: 's1', jpeg: 'not bytes' }));
    expect(nested).toMatchObject({ code: 'invalid_input', field: 'jpeg' });
    expect(errorOf(await call('getSession', null)).code).toBe('invalid_input');
    expect(state.calls).toHaveLength(0);
  });

  it('hands the implementation the parsed input, with the contract defaults filled in', async () => {
    const { call, state } = setup();
    const result = await call('getCaptureImage', { sessionId: 's1', view: 'front', light: 'white' });
    expect(result.ok).toBe(true);
    expect(state.calls[0]?.input).toEqual({ sessionId: 's1', view: 'front', light: 'white', maxSide: 800 });
  });

  it('treats a missing input of an input-less method as {}', async () => {
    const { call } = setup();
    expect((await call('getStatus', undefined)).ok).toBe(true);
  });
});

describe('dispatch: PIN roles per connection', () => {
  it('refuses a privileged method without a PIN, and allows it after verifyPin succeeded', async () => {
    const { call, state } = setup();
    expect(errorOf(await call('listSessions', {})).code).toBe('forbidden');
    expect(state.calls).toHaveLength(0);
    expect(await call('verifyPin', { role: 'staff', pin: PINS.staff })).toEqual({ ok: true, output: { ok: true } });
    expect((await call('listSessions', {})).ok).toBe(true);
  });

  it('lock drops every role of the connection at once, and is harmless without one', async () => {
    const { call } = setup();
    expect(await call('lock', {})).toEqual({ ok: true, output: { ok: true } });
    await call('verifyPin', { role: 'technician', pin: PINS.technician });
    expect((await call('exportLogs', {})).ok).toBe(true);
    expect((await call('listSessions', {})).ok).toBe(true);
    expect(await call('lock', {})).toEqual({ ok: true, output: { ok: true } });
    expect(errorOf(await call('exportLogs', {})).code).toBe('forbidden');
    expect(errorOf(await call('listSessions', {})).code).toBe('forbidden');
  });

  it('keeps the staff override and calibration behind their PINs: a customer cannot capture now', async () => {
    const { call, state } = setup();
    expect(errorOf(await call('captureNow', { sessionId: 's1' })).code).toBe('forbidden');
    expect(errorOf(await call('startCalibration', { light: 'white' })).code).toBe('forbidden');
    expect(state.calls).toHaveLength(0);
    await call('verifyPin', { role: 'staff', pin: PINS.staff });
    expect(await call('captureNow', { sessionId: 's1' })).toMatchObject({ ok: true, output: { state: 'capturing' } });
    expect(errorOf(await call('startCalibration', { light: 'white' })).code).toBe('forbidden');
  });

  it('checks the role before the input, so an unprivileged caller learns nothing about the schema', async () => {
    const { call } = setup();
    expect(errorOf(await call('deleteSession', { sessionId: '' })).code).toBe('forbidden');
  });

  it('grants nothing for a wrong PIN, and nothing to another connection', async () => {
    const { call, time } = setup();
    expect(await call('verifyPin', { role: 'staff', pin: '0000' })).toEqual({ ok: true, output: { ok: false } });
    expect(errorOf(await call('listSessions', {})).code).toBe('forbidden');
    const other = new ConnectionSession({ now: time.now });
    await call('verifyPin', { role: 'staff', pin: PINS.staff });
    expect(errorOf(await call('listSessions', {}, other)).code).toBe('forbidden');
  });

  it('lets a technician do staff work, but not staff do technician work', async () => {
    const { call, session } = setup();
    await call('verifyPin', { role: 'staff', pin: PINS.staff });
    expect(errorOf(await call('exportLogs', {})).code).toBe('forbidden');
    session.revokeAll();
    await call('verifyPin', { role: 'technician', pin: PINS.technician });
    expect((await call('exportLogs', {})).ok).toBe(true);
    expect((await call('listSessions', {})).ok).toBe(true);
  });

  it('lets a role lapse after the idle time; privileged use restarts the clock, customer calls do not', async () => {
    const { call, time } = setup();
    await call('verifyPin', { role: 'staff', pin: PINS.staff });
    time.advance(4 * 60_000);
    expect((await call('listSessions', {})).ok).toBe(true);
    time.advance(4 * 60_000);
    expect((await call('listSessions', {})).ok).toBe(true);
    for (let i = 0; i < 5; i++) {
      time.advance(60_000);
      expect((await call('getStatus', {})).ok).toBe(true);
    }
    const error = errorOf(await call('listSessions', {}));
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('5 idle minutes');
  });

  it('locks verifyPin for a minute after five wrong PINs in a row', async () => {
    const { call, time, state } = setup();
    for (let i = 0; i < 5; i++) await call('verifyPin', { role: 'technician', pin: '0000' });
    const before = state.calls.length;
    const locked = errorOf(await call('verifyPin', { role: 'technician', pin: PINS.technician }));
    expect(locked.code).toBe('forbidden');
    expect(locked.message).toMatch(/try again in 60 s/);
    expect(state.calls.length).toBe(before);
    time.advance(60_000);
    expect(await call('verifyPin', { role: 'technician', pin: PINS.technician })).toEqual({ ok: true, output: { ok: true } });
  });
});

describe('dispatch: errors and outputs', () => {
  it('passes a KioskApiError (or any error with a contract code) through with its code and message', async () => {
    const { call, session } = setup();
    session.recordPinResult('staff', true);
    expect(errorOf(await call('deleteSession', { sessionId: 's9' }))).toEqual({ code: 'not_found', message: 'no session s9' });
    const { call: call2, state } = setup();
    state.throwNext = Object.assign(new Error('light controller unplugged'), { code: 'device' });
    expect(errorOf(await call2('getStatus', {}))).toEqual({ code: 'device', message: 'light controller unplugged' });
    state.throwNext = new KioskApiError('invalid_input', 'birthday in the future', 'customer.birthday');
    expect(errorOf(await call2('getStatus', {}))).toEqual({ code: 'invalid_input', message: 'birthday in the future', field: 'customer.birthday' });
  });

  it('turns any other error into internal with a reference, logging the error and leaking neither message nor stack', async () => {
    const { call, state, logged } = setup();
    const secret = new Error('SQLITE_CORRUPT at /home/kiosk/data/kiosk.sqlite');
    state.throwNext = secret;
    const error = errorOf(await call('getStatus', {}));
    expect(error.code).toBe('internal');
    expect(error.message).not.toContain('SQLITE');
    expect(JSON.stringify(error)).not.toContain('at ');
    expect(error.ref).toMatch(/^[0-9a-f]{12}$/);
    expect(error.message).toContain(error.ref);
    expect(logged).toEqual([{ message: expect.stringContaining(error.ref!), error: secret }]);
    // Node's own codes are not contract codes.
    state.throwNext = Object.assign(new Error('ENOENT: /etc/shadow'), { code: 'ENOENT' });
    expect(errorOf(await call('getStatus', {})).code).toBe('internal');
    state.throwNext = 'a string';
    expect(errorOf(await call('getStatus', {})).code).toBe('internal');
  });

  it('checks outputs against the contract when validation is on, and passes them through when off', async () => {
    const on = setup({ validateOutput: true });
    on.state.malformedNext = { ok: 'yes' };
    const error = errorOf(await on.call('getStatus', {}));
    expect(error.code).toBe('internal');
    expect(on.logged).toHaveLength(1);
    expect(String((on.logged[0] as { error: Error }).error.message)).toContain('getStatus returned output that breaks the contract');
    const off = setup({ validateOutput: false });
    off.state.malformedNext = { ok: 'yes' };
    expect(await off.call('getStatus', {})).toEqual({ ok: true, output: { ok: 'yes' } });
  });

  it('never rejects, whatever the implementation does', async () => {
    const { call, state } = setup();
    state.throwNext = null;
    // null is "nothing to throw" for the helper; throw an object without a prototype instead.
    state.throwNext = Object.create(null) as object;
    await expect(call('getStatus', {})).resolves.toMatchObject({ ok: false });
  });
});
