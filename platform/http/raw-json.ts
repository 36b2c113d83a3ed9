import { randomBytes } from 'node:crypto';

/**
 * A value already serialised: an answer, or a part of one, kept as JSON text because it does
 * not change between requests (a finished task's result; D-054). The reply serializer splices
 * the text in where the value stands, so it is neither rebuilt nor serialised again. `T` is the
 * value the text encodes, so a route answering one is typed by its endpoint like any payload.
 */
export class RawJson<T = unknown> {
  /** Never set: carries `T` for the type checker. */
  declare readonly encodes?: T;

  constructor(readonly json: string) {}

  /** Called by JSON.stringify: a marker while stringifyReply runs, else the value itself (same text, slower). */
  toJSON(): unknown {
    if (collecting === null) return JSON.parse(this.json);
    collecting.push(this.json);
    return `${MARK}${collecting.length - 1}`;
  }
}

/** The JSON text of a value, as JSON.stringify writes it, with every RawJson inside spliced in. */
export function rawJsonOf<T>(value: T): RawJson<T> {
  return new RawJson<T>(stringifyReply(value));
}

/**
 * The reply serializer of the platform (envelope.ts installs it): JSON.stringify, with the
 * texts of RawJson values spliced in place of their markers. A marker is a string holding a NUL
 * and a per-process random nonce, which JSON.stringify writes escaped (`\u0000…`); a string of
 * the answer cannot produce it without knowing the nonce, which never leaves the process.
 */
export function stringifyReply(value: unknown): string {
  const outer = collecting;
  collecting = [];
  try {
    const text = JSON.stringify(value);
    const texts = collecting;
    if (texts.length === 0) return text;
    return text.replace(MARKER, (_, index: string) => texts[Number(index)] ?? 'null');
  } finally {
    collecting = outer;
  }
}

const NONCE = randomBytes(12).toString('hex');
const MARK = `\u0000${NONCE}:`;
const MARKER = new RegExp(`"\\\\u0000${NONCE}:(\\d+)"`, 'g');

/** The texts met by the stringifyReply running now (JSON.stringify is synchronous); null outside one. */
let collecting: string[] | null = null;
