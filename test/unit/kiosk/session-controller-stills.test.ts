/**
 * Renderer-camera stills (kiosk API submitStill): a still is stored only when it answers the shot
 * the session waits for, after its light has settled, under that shot's token. Early stills, stills
 * for another shot, and stills left over from a cancelled or faulted attempt are refused with
 * conflict and never stored, for this customer or the next.
 */
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { controllerRig, sha256, storedHash, viewUntil } from './helpers/controller-rig.ts';
import type { Rig } from './helpers/controller-rig.ts';

const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

async function rig(options: Parameters<typeof controllerRig>[0]): Promise<Rig> {
  const r = await controllerRig(options);
  rigs.push(r);
  return r;
}

/** A distinct JPEG per tag (a flat colour), so a stored file tells which still it was. */
async function still(r: number, g: number, b: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } }).jpeg({ quality: 90 }).toBuffer());
}

/** Live on the first view of a new session, with the manual capture started (the light is switching). */
async function toCapture(r: Rig, customerId: string): Promise<string> {
  const { id } = r.start(customerId);
  await r.controller.submitFrame(id, await still(90, 90, 90));
  expect((await r.controller.captureNow(id)).state).toBe('capturing');
  return id;
}

const awaited = (r: Rig, id: string) => viewUntil(r, id, (v) => v.current?.stillToken != null);

describe('renderer stills and light settling', () => {
  it('refuses a still taken while the light settles, and after each stored shot while the next lamp switches; stores only the awaited one', async () => {
    const r = await rig({ camera: 'renderer', lights: ['white', 'cross_polar'], settleMs: 300 });
    const customer = r.store.createCustomer({ name: 'Ada' });
    // Encoded before the capture starts: the settling window must not pass while sharp works.
    const early = await still(250, 10, 10);
    const id = await toCapture(r, customer.id);

    // The lamp is still settling: the view says so, no token is out, and a still is refused.
    const settling = r.controller.view(id);
    expect(settling.current).toMatchObject({ view: 'front', light: 'white', step: 'set_light', stillToken: null });
    await expect(r.controller.submitStill(id, 'front', 'white', 'guessed-token', early)).rejects.toMatchObject({ code: 'conflict' });

    const white = await awaited(r, id);
    expect(white.current).toMatchObject({ view: 'front', light: 'white', step: 'shoot' });
    expect(r.lights.lit).toBe('white');
    // The right token for the wrong light is refused too.
    await expect(r.controller.submitStill(id, 'front', 'cross_polar', white.current!.stillToken!, early)).rejects.toMatchObject({ code: 'conflict' });
    const whiteStill = await still(120, 121, 122);
    const afterWhite = await r.controller.submitStill(id, 'front', 'white', white.current!.stillToken!, whiteStill);

    // Stored; the next lamp is switching: neither the old token nor any other still is taken now.
    expect(afterWhite.current).toMatchObject({ light: 'cross_polar', step: 'set_light', stillToken: null });
    await expect(r.controller.submitStill(id, 'front', 'cross_polar', white.current!.stillToken!, early)).rejects.toMatchObject({ code: 'conflict' });
    const cross = await awaited(r, id);
    expect(cross.current!.stillToken).not.toBe(white.current!.stillToken);
    expect(r.lights.lit).toBe('cross_polar');
    const crossStill = await still(140, 100, 80);
    const done = await r.controller.submitStill(id, 'front', 'cross_polar', cross.current!.stillToken!, crossStill);
    expect(done.current).toMatchObject({ view: 'left', step: null });

    expect(storedHash(r.store, id, 'front', 'white')).toBe(sha256(whiteStill));
    expect(storedHash(r.store, id, 'front', 'cross_polar')).toBe(sha256(crossStill));
  });

  it('never uses a still left from a cancelled session for the next customer, nor an old token after a fault and retry', async () => {
    const r = await rig({ camera: 'renderer', lights: ['white'], stillTimeoutMs: 600 });
    const first = r.store.createCustomer({ name: 'First Customer' });
    const a = await toCapture(r, first.id);
    const leftToken = (await awaited(r, a)).current!.stillToken!;
    expect(r.controller.cancelSession(a).state).toBe('cancelled');
    const leftover = await still(250, 250, 10);
    // The still arrives after the cancel: refused for the cancelled session...
    await expect(r.controller.submitStill(a, 'front', 'white', leftToken, leftover)).rejects.toMatchObject({ code: 'conflict' });
    expect(r.store.listCaptures(a)).toEqual([]);

    // ...and for the next customer's session, whose shot has its own token.
    const second = r.store.createCustomer({ name: 'Second Customer' });
    const b = await toCapture(r, second.id);
    const waiting = await awaited(r, b);
    expect(waiting.current!.stillToken).not.toBe(leftToken);
    await expect(r.controller.submitStill(b, 'front', 'white', leftToken, leftover)).rejects.toMatchObject({ code: 'conflict' });

    // No still in time: the shot faults; the retry is a new shot that refuses the faulted one's token.
    const faulted = await viewUntil(r, b, (v) => v.state === 'fault');
    expect(faulted.fault?.code).toBe('disconnected');
    await expect(r.controller.submitStill(b, 'front', 'white', waiting.current!.stillToken!, leftover)).rejects.toMatchObject({ code: 'conflict' });
    expect(r.controller.retake(b, 'front').state).toBe('live');
    // Encoded before the shot: the still must arrive within stillTimeoutMs of its token.
    const own = await still(60, 120, 180);
    await r.controller.submitFrame(b, await still(90, 90, 90));
    await r.controller.captureNow(b);
    const retried = await awaited(r, b);
    expect(retried.current!.stillToken).not.toBe(waiting.current!.stillToken);
    await expect(r.controller.submitStill(b, 'front', 'white', waiting.current!.stillToken!, leftover)).rejects.toMatchObject({ code: 'conflict' });
    expect((await r.controller.submitStill(b, 'front', 'white', retried.current!.stillToken!, own)).current?.view).toBe('left');

    expect(storedHash(r.store, b, 'front', 'white')).toBe(sha256(own));
    expect(r.store.listCaptures(b)).toHaveLength(1);
  });

  it('refuses a still that is not a JPEG with invalid_input, and stores nothing', async () => {
    const r = await rig({ camera: 'renderer', lights: ['white'] });
    const id = await toCapture(r, r.store.createCustomer({ name: 'Png Pat' }).id);
    const token = (await awaited(r, id)).current!.stillToken!;
    const png = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).png().toBuffer());
    await expect(r.controller.submitStill(id, 'front', 'white', token, png)).rejects.toMatchObject({ code: 'invalid_input' });
    expect(r.store.listCaptures(id)).toEqual([]);
    // The shot still waits for its proper still.
    expect(r.controller.view(id).current?.stillToken).toBe(token);
  });
});
