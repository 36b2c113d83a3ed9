// State shared by the op mappers: what each TF node became in ONNX, and in which layout.
//
// TF.js image tensors are NHWC; ONNX Conv and MaxPool want NCHW. Rather than wrap every conv in
// a Transpose pair, a rank-4 tensor may live in the ONNX graph as its NCHW permutation
// (layout 'nchw'). Mappers ask for the layout they need and a Transpose is inserted once per
// tensor and direction. Layout 'tf' means the ONNX tensor is exactly the TF tensor.
import type { OnnxGraphBuilder } from './onnx-graph.ts';
import type { TfGraph, TfNode } from './tfjs-model.ts';
import type { ConstTensor } from './weights.ts';
import { elementCount } from './weights.ts';

export type Layout = 'tf' | 'nchw';

export interface TensorValue {
  readonly kind: 'tensor';
  readonly name: string;
  /** Shape in TF terms (NHWC for images) whatever the layout; -1 is an unknown dimension. */
  readonly shape: readonly number[];
  readonly layout: Layout;
}

export interface ConstValue {
  readonly kind: 'const';
  readonly tensor: ConstTensor;
}

export type Value = TensorValue | ConstValue;

/** NCHW position i holds NHWC axis NHWC_OF_NCHW[i]. */
export const NHWC_OF_NCHW = [0, 3, 1, 2] as const;
/** NHWC axis a sits at NCHW position NCHW_OF_NHWC[a]. */
export const NCHW_OF_NHWC = [0, 2, 3, 1] as const;

export function shapeOf(v: Value): readonly number[] {
  return v.kind === 'const' ? v.tensor.shape : v.shape;
}

/** Reorders a rank-4 NHWC constant to NCHW (an index permutation, not a reinterpretation). */
export function constToNchw(t: ConstTensor): { dims: number[]; data: Float32Array } {
  if (t.shape.length > 4) throw new Error(`cannot lay out a rank-${t.shape.length} constant as NCHW`);
  const s = [...Array<number>(4 - t.shape.length).fill(1), ...t.shape] as [number, number, number, number];
  const [n, h, w, c] = s;
  const out = new Float32Array(elementCount(s));
  for (let ni = 0; ni < n; ni++)
    for (let hi = 0; hi < h; hi++)
      for (let wi = 0; wi < w; wi++)
        for (let ci = 0; ci < c; ci++) out[((ni * c + ci) * h + hi) * w + wi] = t.data[((ni * h + hi) * w + wi) * c + ci] ?? 0;
  return { dims: [n, c, h, w], data: out };
}

export function floatData(t: ConstTensor): Float32Array {
  return t.data instanceof Float32Array ? t.data : Float32Array.from(t.data);
}

export function intValues(t: ConstTensor): number[] {
  return Array.from(t.data, (v) => Math.trunc(v));
}

export class ConversionContext {
  private readonly values = new Map<string, Value>();
  private readonly transposed = new Map<string, string>();

  constructor(
    readonly graph: TfGraph,
    readonly builder: OnnxGraphBuilder,
  ) {}

  set(nodeName: string, value: Value): void {
    this.values.set(nodeName, value);
  }

  value(nodeName: string): Value {
    const v = this.values.get(nodeName);
    if (v) return v;
    const c = this.graph.consts.get(nodeName);
    if (c) return { kind: 'const', tensor: c };
    throw new Error(`node ${nodeName} used before it was converted`);
  }

  input(node: TfNode, index: number): Value {
    const name = node.inputs[index];
    if (name === undefined) throw new Error(`${node.op} ${node.name}: missing input ${index}`);
    return this.value(name);
  }

  constInput(node: TfNode, index: number): ConstTensor {
    const v = this.input(node, index);
    if (v.kind !== 'const') throw new Error(`${node.op} ${node.name}: input ${index} must be a constant`);
    return v.tensor;
  }

  /** A tensor input; a constant here is written as an initializer in TF layout. */
  tensorInput(node: TfNode, index: number): TensorValue {
    const v = this.input(node, index);
    if (v.kind === 'tensor') return v;
    if (v.tensor.dtype !== 'float32') throw new Error(`${node.op} ${node.name}: int32 constant used as a tensor`);
    const name = this.builder.addFloat(node.inputs[index] ?? node.name, v.tensor.shape, floatData(v.tensor));
    return { kind: 'tensor', name, shape: v.tensor.shape, layout: 'tf' };
  }

  /** The ONNX name of `v` in NCHW order; `v` must be rank 4. */
  nchw(v: TensorValue): string {
    if (v.layout === 'nchw') return v.name;
    if (v.shape.length !== 4) throw new Error(`${v.name}: rank ${v.shape.length} cannot be NCHW`);
    return this.transpose(v.name, [...NHWC_OF_NCHW], 'nchw');
  }

  /** The ONNX name of `v` in TF order. */
  tf(v: TensorValue): string {
    if (v.layout === 'tf') return v.name;
    return this.transpose(v.name, [...NCHW_OF_NHWC], 'nhwc');
  }

  /** A float constant in the layout of the tensor it will be combined with. */
  constFor(hint: string, t: ConstTensor, layout: Layout): string {
    if (layout === 'tf' || t.shape.length === 0) return this.builder.addFloat(hint, t.shape, floatData(t));
    const { dims, data } = constToNchw(t);
    return this.builder.addFloat(hint, dims, data);
  }

  private transpose(name: string, perm: number[], suffix: string): string {
    const key = `${name}|${suffix}`;
    const cached = this.transposed.get(key);
    if (cached) return cached;
    const out = this.builder.addNode('Transpose', [name], `${name}/${suffix}`, { perm: { kind: 'ints', value: perm } });
    this.transposed.set(key, out);
    return out;
  }
}

/** Converts one TF node: reads its inputs from the context and sets its own value. */
export type OpMapper = (ctx: ConversionContext, node: TfNode) => void;
