/**
 * The Electron shell's security decisions as pure functions, so they are unit-tested without
 * Electron (entry.ts only wires them to Electron's hooks). docs/kiosk-shell.md lists each measure.
 */
import type { MediaAccessPermissionRequest, PermissionCheckHandlerHandlerDetails } from 'electron';
import { contentSecurityPolicy, type CspOptions } from '../transport/static-files.ts';

/** What the request rule reads of the details Electron passes to a permission request handler. */
export type PermissionRequestDetails = Partial<Pick<MediaAccessPermissionRequest, 'requestingUrl' | 'mediaTypes'>>;

/** What the check rule reads of the details Electron passes to a permission check handler. */
export type PermissionCheckDetails = Pick<PermissionCheckHandlerHandlerDetails, 'securityOrigin' | 'mediaType'>;

/** The renderer is served from app://kiosk/ (a privileged standard scheme), never file://. */
export const APP_SCHEME = 'app';
export const APP_HOST = 'kiosk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** The one IPC channel; the method travels as an argument and is checked against the contract. */
export const KIOSK_API_CHANNEL = 'kiosk-api:call';

/** The origin of a URL, or null for URLs that have none (about:blank, data:, garbage). */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` ? `${parsed.protocol}//${parsed.host}` : parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

export function isAppUrl(url: string | undefined | null): boolean {
  return originOf(url) === APP_ORIGIN;
}

/**
 * Camera only, for our page only: 'media' whose every requested kind is video. The microphone,
 * notifications, geolocation, HID, serial, clipboard and the rest are refused (the kiosk's light
 * controller is driven from main, never from the page).
 */
export function allowPermissionRequest(permission: string, details: PermissionRequestDetails): boolean {
  if (permission !== 'media' || !isAppUrl(details.requestingUrl)) return false;
  const kinds = details.mediaTypes ?? [];
  return kinds.length > 0 && kinds.every((kind) => kind === 'video');
}

/** The synchronous check Chromium makes before (and besides) a request: same rule. */
export function allowPermissionCheck(permission: string, requestingOrigin: string, details: PermissionCheckDetails): boolean {
  if (permission !== 'media') return false;
  if (originOf(requestingOrigin) !== APP_ORIGIN && !isAppUrl(details.securityOrigin)) return false;
  return details.mediaType === 'video';
}

/** An IPC message is served only when it comes from our page's top frame. */
export function isTrustedSender(frame: { readonly url: string; readonly parent: unknown } | null | undefined): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url);
}

/** In-app navigation stays on app://kiosk/; anything else (links, redirects, drops) is blocked. */
export function isAllowedNavigation(url: string): boolean {
  return isAppUrl(url);
}

/**
 * The path inside the renderer build an app:// URL asks for, still percent-encoded (the static
 * lookup decodes it and refuses traversal). Other hosts of the scheme are refused: null.
 */
export function appRequestPath(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || parsed.host !== APP_HOST) return null;
  return parsed.pathname || '/';
}

/** The page's CSP in Electron: the browser host's, with app:// as 'self'. */
export function shellContentSecurityPolicy(options: CspOptions = {}): string {
  return contentSecurityPolicy(options);
}
