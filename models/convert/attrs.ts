// Typed access to TF node attributes. TF.js JSON stores strings base64-encoded and 64-bit ints as
// decimal strings (the protobuf JSON mapping).
import type { TfNode } from './tfjs-model.ts';

function fail(node: TfNode, name: string, what: string): never {
  throw new Error(`${node.op} ${node.name}: attribute ${name} ${what}`);
}

export function attrString(node: TfNode, name: string, fallback?: string): string {
  const s = node.attrs[name]?.s;
  if (s === undefined) return fallback ?? fail(node, name, 'missing');
  return Buffer.from(s, 'base64').toString('utf8');
}

export function attrStrings(node: TfNode, name: string): string[] {
  return (node.attrs[name]?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString('utf8'));
}

export function attrInts(node: TfNode, name: string, fallback?: readonly number[]): number[] {
  const list = node.attrs[name]?.list;
  if (list === undefined) return fallback ? [...fallback] : fail(node, name, 'missing');
  return (list.i ?? []).map(Number);
}

export function attrInt(node: TfNode, name: string, fallback?: number): number {
  const i = node.attrs[name]?.i;
  if (i === undefined) return fallback ?? fail(node, name, 'missing');
  return Number(i);
}

export function attrFloat(node: TfNode, name: string, fallback?: number): number {
  const f = node.attrs[name]?.f;
  if (f === undefined) return fallback ?? fail(node, name, 'missing');
  return f;
}

export function attrBool(node: TfNode, name: string, fallback?: boolean): boolean {
  const b = node.attrs[name]?.b;
  if (b === undefined) return fallback ?? fail(node, name, 'missing');
  return b;
}

/** Every image op we map is NHWC; NCHW graphs come from other converters and would need their own path. */
export function requireNhwc(node: TfNode): void {
  const format = attrString(node, 'data_format', 'NHWC');
  if (format !== 'NHWC') fail(node, 'data_format', `is ${format}; only NHWC is supported`);
}
