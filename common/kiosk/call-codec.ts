/**
 * The kiosk call codec: JSON with every Uint8Array lifted out into a binary attachment, so JPEG
 * frames cross the browser-host connection as raw bytes (no base64: +33 % size and a string copy
 * per frame). Pure ECMAScript (TextEncoder, DataView): no Node API.
 *
 * Layout (all integers unsigned 32-bit little-endian):
 *
 *   0      4 bytes  magic "KAC1"
 *   4      u32      J = byte length of the JSON text
 *   8      u32      N = number of attachments
 *   12     N x u32  byte length of each attachment
 *   12+4N  J bytes  UTF-8 JSON; attachment i appears in it as {"$bin": i}
 *   ...    the attachments, concatenated in order, nothing after them
 *
 * Object keys that start with "$" are escaped with one more "$" (so a user-typed record key
 * "$bin" can never be read as a reference). Runtime-free (D-036): main's browser host decodes
 * what the renderer's host client encodes with this same file, and the other way round.
 */

export const CALL_CONTENT_TYPE = 'application/x-kiosk-call';

const MAGIC = [0x4b, 0x41, 0x43, 0x31]; // "KAC1"
const HEADER_BYTES = 12;
/** More attachments than this is a malformed or hostile body, not a kiosk call. */
export const MAX_ATTACHMENTS = 256;

export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecError';
  }
}

export function encodeCall(value: unknown): Uint8Array {
  const attachments: Uint8Array[] = [];
  const json = JSON.stringify(lift(value, attachments));
  const text = new TextEncoder().encode(json === undefined ? 'null' : json);
  if (attachments.length > MAX_ATTACHMENTS) throw new CodecError(`more than ${MAX_ATTACHMENTS} binary fields`);
  const tableBytes = 4 * attachments.length;
  const total = HEADER_BYTES + tableBytes + text.byteLength + attachments.reduce((sum, a) => sum + a.byteLength, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  view.setUint32(4, text.byteLength, true);
  view.setUint32(8, attachments.length, true);
  attachments.forEach((a, i) => view.setUint32(HEADER_BYTES + 4 * i, a.byteLength, true));
  let offset = HEADER_BYTES + tableBytes;
  out.set(text, offset);
  offset += text.byteLength;
  for (const a of attachments) {
    out.set(a, offset);
    offset += a.byteLength;
  }
  return out;
}

/** Attachments come back as views into `bytes` (no copy): keep `bytes` alive while they are used. */
export function decodeCall(bytes: Uint8Array): unknown {
  if (bytes.byteLength < HEADER_BYTES || MAGIC.some((b, i) => bytes[i] !== b)) throw new CodecError('not a kiosk call body (bad magic)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  if (count > MAX_ATTACHMENTS) throw new CodecError(`more than ${MAX_ATTACHMENTS} binary fields`);
  const tableEnd = HEADER_BYTES + 4 * count;
  if (tableEnd > bytes.byteLength) throw new CodecError('truncated attachment table');
  let offset = tableEnd + jsonLength;
  if (offset > bytes.byteLength) throw new CodecError('truncated JSON');
  const attachments: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const length = view.getUint32(HEADER_BYTES + 4 * i, true);
    if (offset + length > bytes.byteLength) throw new CodecError(`truncated attachment ${i}`);
    attachments.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  if (offset !== bytes.byteLength) throw new CodecError('trailing bytes after the last attachment');
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(tableEnd, tableEnd + jsonLength)));
  } catch (error) {
    throw new CodecError(`malformed JSON: ${(error as Error).message}`);
  }
  return lower(parsed, attachments);
}

function lift(value: unknown, attachments: Uint8Array[]): unknown {
  if (value instanceof Uint8Array) {
    attachments.push(value);
    return { $bin: attachments.length - 1 };
  }
  if (Array.isArray(value)) return value.map((item) => lift(item, attachments));
  if (value !== null && typeof value === 'object') {
    // toJSON-bearing objects (Date) keep their JSON meaning.
    if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === '__proto__') throw new CodecError('reserved key: __proto__');
      out[key.startsWith('$') ? `$${key}` : key] = lift(item, attachments);
    }
    return out;
  }
  return value;
}

function lower(value: unknown, attachments: readonly Uint8Array[]): unknown {
  if (Array.isArray(value)) return value.map((item) => lower(item, attachments));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === '$bin') {
    const index = (value as { $bin: unknown }).$bin;
    const found = typeof index === 'number' && Number.isInteger(index) ? attachments[index] : undefined;
    if (!found) throw new CodecError(`reference to a missing attachment: ${String(index)}`);
    return found;
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    // An own "__proto__" (JSON.parse makes one) would set the prototype on assignment.
    if (key === '__proto__' || (key.startsWith('$') && !key.startsWith('$$'))) throw new CodecError(`reserved key: ${key}`);
    out[key.startsWith('$$') ? key.slice(1) : key] = lower((value as Record<string, unknown>)[key], attachments);
  }
  return out;
}
