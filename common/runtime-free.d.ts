/**
 * The web platform APIs that both runtimes offer (Chromium and Node 20 alike), declared for
 * runtime-free code (D-037): common/ and protocol/ are checked with the ECMAScript library only,
 * so a DOM or Node API there fails the type-check, and what is declared here is all they may use
 * beyond ECMAScript. Only configs of runtime-free folders include this file; the DOM library and
 * @types/node declare the same names for the renderer and for Node. Add a member only when it
 * exists, with the same meaning, in both.
 */

interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}
declare const TextEncoder: { prototype: TextEncoder; new (): TextEncoder };

interface TextDecoderOptions {
  fatal?: boolean;
  ignoreBOM?: boolean;
}
interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}
declare const TextDecoder: { prototype: TextDecoder; new (label?: string, options?: TextDecoderOptions): TextDecoder };

interface URLSearchParams {
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  toString(): string;
}
interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toString(): string;
  toJSON(): string;
}
declare const URL: { prototype: URL; new (url: string, base?: string | URL): URL };
