/**
 * The kiosk API over the browser host (main/host/server.ts), for the page served on
 * http://127.0.0.1:PORT. Browser APIs only (fetch, sessionStorage, history).
 *
 * 1. The launcher opens `http://127.0.0.1:PORT/#k=SECRET` (reusable) or `#o=KEY` (one-time). The
 *    fragment never reaches the server's logs; `launchKeyFromLocation` removes it from the
 *    address bar at once and keeps a reusable secret in sessionStorage (this tab only), so a
 *    reload reconnects.
 * 2. POST /api/connect with header X-Kiosk-Secret gives a connection token (sessionStorage too).
 *    PIN roles belong to this connection in main.
 * 3. Each call: POST /api/call/<method>, Authorization: Bearer <token>, body and answer in the
 *    call codec (codec.ts). A 401 (host restarted, connection dropped) reconnects once with the
 *    stored secret and repeats the call: a 401 is answered before the call runs.
 */
import type { KioskApi, KioskMethod } from '../../main/kiosk-api/types.ts';
import { CALL_CONTENT_TYPE, decodeCall, encodeCall } from '../../common/kiosk/call-codec.ts';
import { KioskApiError } from '../../common/kiosk/api-error.ts';
import { unwrapResult } from './errors.ts';
import { kioskApiProxy } from './proxy.ts';

export interface HostClientOptions {
  /** The host's origin; default the page's own. */
  readonly baseUrl?: string;
  /** The reusable launch secret (`#k=`); default the one kept in storage. */
  readonly launchSecret?: string;
  /** A one-time launch key (`#o=`): used for the first connection only. */
  readonly oneTimeKey?: string;
  /** Where the token (and a reusable secret) survive reloads. Default sessionStorage. */
  readonly storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly fetch?: typeof fetch;
}

const TOKEN_KEY = 'kiosk.connection';
const SECRET_KEY = 'kiosk.launchSecret';

/** Reads `#k=` / `#o=` from the address, strips it from the bar, keeps a reusable secret for reloads. */
export function launchKeysFromLocation(storage: Pick<Storage, 'setItem'> = sessionStorage): { launchSecret?: string; oneTimeKey?: string } {
  const params = new URLSearchParams(location.hash.slice(1));
  const launchSecret = params.get('k') ?? undefined;
  const oneTimeKey = params.get('o') ?? undefined;
  if (launchSecret || oneTimeKey) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (launchSecret) storage.setItem(SECRET_KEY, launchSecret);
  return { launchSecret, oneTimeKey };
}

export function createHostClient(options: HostClientOptions = {}): KioskApi {
  const base = options.baseUrl ?? location.origin;
  const storage = options.storage ?? sessionStorage;
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  let oneTimeKey = options.oneTimeKey;
  let connecting: Promise<string> | null = null;

  async function connect(): Promise<string> {
    const key = oneTimeKey ?? options.launchSecret ?? storage.getItem(SECRET_KEY) ?? undefined;
    // A one-time key is spent by this attempt whatever the answer.
    oneTimeKey = undefined;
    if (!key) throw new KioskApiError('forbidden', 'This page has no kiosk launch key: open the address the kiosk printed.');
    const response = await send(`${base}/api/connect`, { method: 'POST', headers: { 'X-Kiosk-Secret': key } });
    if (response.status === 401) throw new KioskApiError('forbidden', 'The kiosk refused this page’s launch key (the kiosk may have restarted): open its new address.');
    if (!response.ok) throw new KioskApiError('internal', `The kiosk refused the connection (HTTP ${response.status}).`);
    const body = (await response.json()) as { token?: unknown };
    if (typeof body.token !== 'string') throw new KioskApiError('internal', 'The kiosk answered the connection without a token.');
    storage.setItem(TOKEN_KEY, body.token);
    return body.token;
  }

  function token(): Promise<string> {
    const stored = storage.getItem(TOKEN_KEY);
    if (stored) return Promise.resolve(stored);
    connecting ??= connect().finally(() => (connecting = null));
    return connecting;
  }

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, init);
    } catch {
      throw new KioskApiError('internal', 'The kiosk service is not answering.');
    }
  }

  async function post(method: KioskMethod, body: Uint8Array, bearer: string): Promise<Response> {
    return send(`${base}/api/call/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': CALL_CONTENT_TYPE, Authorization: `Bearer ${bearer}` },
      body: body as Uint8Array<ArrayBuffer>,
    });
  }

  async function call(method: KioskMethod, input: unknown): Promise<unknown> {
    const body = encodeCall(input);
    let response = await post(method, body, await token());
    if (response.status === 401) {
      storage.removeItem(TOKEN_KEY);
      response = await post(method, body, await token());
    }
    if (response.status === 401) throw new KioskApiError('forbidden', 'The kiosk refused this connection.');
    if (!response.ok) throw new KioskApiError(response.status === 413 ? 'invalid_input' : 'internal', `The kiosk refused the call (HTTP ${response.status}): ${await response.text()}`);
    return unwrapResult(decodeCall(new Uint8Array(await response.arrayBuffer())));
  }

  return kioskApiProxy(call);
}
