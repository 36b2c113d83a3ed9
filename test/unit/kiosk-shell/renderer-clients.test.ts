import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKioskIpc, type IpcMainInvokeEventLike } from '../../../main/shell/ipc.ts';
import { createElectronClient } from '../../../renderer/api/electron-client.ts';
import { KioskApiError } from '../../../common/kiosk/api-error.ts';
import { launchKeysFromLocation } from '../../../renderer/api/host-client.ts';
import { kioskApiProxy } from '../../../renderer/api/proxy.ts';
import { createTestApi, PINS } from './helpers/test-api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('Electron client through a stand-in preload and the real IPC listener', () => {
  function electronPath() {
    const { api, state } = createTestApi();
    const ipc = createKioskIpc(api);
    const frame = { url: 'app://kiosk/index.html', parent: null };
    // What preload.cts does: ipcRenderer.invoke(channel, method, input), main answering by structured clone.
    const bridge = {
      call: async (method: string, input: unknown) =>
        structuredClone(await ipc.listener({ sender: { id: 7 } as IpcMainInvokeEventLike['sender'], senderFrame: frame as IpcMainInvokeEventLike['senderFrame'] }, method, structuredClone(input))),
    };
    return { client: createElectronClient(bridge), state };
  }

  it('carries Uint8Array frames both ways without a codec', async () => {
    const { client, state } = electronPath();
    const view = await client.submitFrame({ sessionId: 's1', jpeg: new Uint8Array([1, 2, 3, 4]) });
    expect(view.countdownMs).toBe(4);
    expect((state.calls[0]?.input as { jpeg: unknown }).jpeg).toBeInstanceOf(Uint8Array);
    const frame = await client.nextSimulatedFrame({ sessionId: 's1' });
    expect(frame.jpeg).toBeInstanceOf(Uint8Array);
    expect(frame.jpeg.byteLength).toBe(300_000);
  });

  it('rejects with KioskApiError carrying the code and field', async () => {
    const { client } = electronPath();
    const failure = client.getSession({ sessionId: '' });
    await expect(failure).rejects.toBeInstanceOf(KioskApiError);
    await expect(failure).rejects.toMatchObject({ code: 'invalid_input', field: 'sessionId' });
    await expect(client.exportLogs({})).rejects.toMatchObject({ code: 'forbidden' });
    expect(await client.verifyPin({ role: 'technician', pin: PINS.technician })).toEqual({ ok: true });
    expect((await client.exportLogs({})).fileName).toBe('kiosk.log');
  });

  it('turns a dead main process into an internal error, and a broken answer too', async () => {
    const dead = createElectronClient({ call: () => Promise.reject(new Error('Error invoking remote method: main crashed at /opt/app')) });
    await expect(dead.getStatus({})).rejects.toMatchObject({ code: 'internal', message: 'The kiosk service is not answering.' });
    const odd = createElectronClient({ call: async () => ({ something: 'else' }) });
    await expect(odd.getStatus({})).rejects.toMatchObject({ code: 'internal' });
  });
});

describe('KioskApi proxy', () => {
  it('is not a thenable (awaiting the api object must not call a method named then)', async () => {
    const calls: string[] = [];
    const api = kioskApiProxy(async (method) => calls.push(method));
    const awaited = await Promise.resolve(api);
    expect(awaited).toBe(api);
    expect(calls).toEqual([]);
    expect(api.getStatus).toBe(api.getStatus);
  });
});

describe('launch keys from the address', () => {
  function page(hash: string) {
    const replaced: string[] = [];
    vi.stubGlobal('location', { hash, pathname: '/', search: '' });
    vi.stubGlobal('history', { state: null, replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url) });
    const stored = new Map<string, string>();
    return { replaced, storage: { setItem: (k: string, v: string) => void stored.set(k, v) }, stored };
  }

  it('takes a reusable secret, keeps it for reloads and removes it from the address bar', () => {
    const { replaced, storage, stored } = page('#k=abc_DEF-123');
    expect(launchKeysFromLocation(storage)).toEqual({ launchSecret: 'abc_DEF-123', oneTimeKey: undefined });
    expect(replaced).toEqual(['/']);
    expect([...stored.values()]).toEqual(['abc_DEF-123']);
  });

  it('takes a one-time key without storing it', () => {
    const { replaced, storage, stored } = page('#o=once');
    expect(launchKeysFromLocation(storage)).toEqual({ launchSecret: undefined, oneTimeKey: 'once' });
    expect(replaced).toEqual(['/']);
    expect(stored.size).toBe(0);
  });

  it('leaves an address without keys alone', () => {
    const { replaced, storage } = page('');
    expect(launchKeysFromLocation(storage)).toEqual({ launchSecret: undefined, oneTimeKey: undefined });
    expect(replaced).toEqual([]);
  });
});
