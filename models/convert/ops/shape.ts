// Ops that move data rather than compute it: Pad, Reshape, ConcatV2.
import type { OpMapper, TensorValue } from '../context.ts';
import { NCHW_OF_NHWC, NHWC_OF_NCHW, intValues } from '../context.ts';
import { attr } from '../onnx-graph.ts';
import { alignOperands } from './binary.ts';

// TF paddings are [rank, 2] in TF axis order. Blazeface and FaceMesh pad the *channel* axis (to
// widen residual shortcuts), so when the tensor lives as NCHW the rows must be permuted too, or
// the channel padding lands on the width.
const pad: OpMapper = (ctx, node) => {
  const x = ctx.tensorInput(node, 0);
  const paddings = intValues(ctx.constInput(node, 1));
  const rank = x.shape.length;
  if (paddings.length !== rank * 2) throw new Error(`Pad ${node.name}: paddings do not match rank ${rank}`);
  const tfAxisAt = (i: number): number => (x.layout === 'nchw' ? (NHWC_OF_NCHW[i] ?? i) : i);
  const begins = Array.from({ length: rank }, (_, i) => paddings[2 * tfAxisAt(i)] ?? 0);
  const ends = Array.from({ length: rank }, (_, i) => paddings[2 * tfAxisAt(i) + 1] ?? 0);
  const b = ctx.builder;
  const inputs = [x.name, b.addInt64(`${node.name}/pads`, [...begins, ...ends])];
  if (node.op === 'PadV2') {
    const value = ctx.constInput(node, 2);
    inputs.push(b.addFloat(`${node.name}/value`, [], Float32Array.of(value.data[0] ?? 0)));
  }
  const name = b.addNode('Pad', inputs, node.name, { mode: attr.string('constant') });
  const shape = x.shape.map((d, a) => (d < 0 ? d : d + (paddings[2 * a] ?? 0) + (paddings[2 * a + 1] ?? 0)));
  ctx.set(node.name, { kind: 'tensor', name, shape, layout: x.layout });
};

/** Resolves a TF target shape against the input shape; -1 stays -1 when the input has unknown dims. */
export function reshapeTarget(input: readonly number[], target: readonly number[]): number[] {
  if (target.includes(0)) throw new Error('Reshape to a zero-sized dimension is not supported');
  const free = target.indexOf(-1);
  if (free < 0 || input.some((d) => d < 0)) return [...target];
  const known = target.reduce((a, d) => (d === -1 ? a : a * d), 1);
  const total = input.reduce((a, d) => a * d, 1);
  return target.map((d) => (d === -1 ? total / known : d));
}

// Reshape reads elements in memory order, so an NCHW tensor must go back to NHWC first: the same
// flat index means a different pixel and channel in the two layouts.
const reshape: OpMapper = (ctx, node) => {
  const x: TensorValue = ctx.tensorInput(node, 0);
  const target = intValues(ctx.constInput(node, 1));
  const shape = reshapeTarget(x.shape, target);
  const name = ctx.builder.addNode('Reshape', [ctx.tf(x), ctx.builder.addInt64(`${node.name}/shape`, target)], node.name);
  ctx.set(node.name, { kind: 'tensor', name, shape, layout: 'tf' });
};

const concat: OpMapper = (ctx, node) => {
  const parts = node.inputs.slice(0, -1).map((_, i) => ctx.input(node, i));
  const first = parts[0];
  if (!first) throw new Error(`ConcatV2 ${node.name}: no inputs`);
  const rank = (first.kind === 'const' ? first.tensor.shape : first.shape).length;
  const axisValue = intValues(ctx.constInput(node, node.inputs.length - 1))[0] ?? 0;
  const axis = axisValue < 0 ? axisValue + rank : axisValue;
  const { names, layout } = alignOperands(ctx, node, parts, rank);
  const onnxAxis = layout === 'nchw' ? (NCHW_OF_NHWC[axis] ?? axis) : axis;
  const name = ctx.builder.addNode('Concat', names, node.name, { axis: attr.int(onnxAxis) });
  const shapes = parts.map((p) => (p.kind === 'const' ? p.tensor.shape : p.shape));
  const shape = (shapes[0] ?? []).map((d, a) => {
    if (a !== axis) return d;
    return shapes.some((s) => (s[a] ?? -1) < 0) ? -1 : shapes.reduce((sum, s) => sum + (s[a] ?? 0), 0);
  });
  ctx.set(node.name, { kind: 'tensor', name, shape, layout });
};

export const shapeMappers: Readonly<Record<string, OpMapper>> = {
  Pad: pad,
  PadV2: pad,
  Reshape: reshape,
  ConcatV2: concat,
};
