// Convolutions and pooling. TF kernels are HWIO (depthwise: H,W,C,multiplier); ONNX wants OIHW.
//
// TF "SAME" padding puts the odd pixel at the end (bottom/right). ONNX's auto_pad=SAME_UPPER
// means the same, but not every runtime agrees on it, so every layer gets explicit pads computed
// from its input size, as TF computes them.
import { attrFloat, attrInts, attrString, attrStrings, requireNhwc } from '../attrs.ts';
import type { ConversionContext, OpMapper } from '../context.ts';
import { floatData } from '../context.ts';
import { attr } from '../onnx-graph.ts';
import type { TfNode } from '../tfjs-model.ts';
import type { ConstTensor } from '../weights.ts';
import { emitActivation } from './activation.ts';

export interface Window {
  readonly kernel: readonly [number, number];
  readonly strides: readonly [number, number];
  readonly dilations: readonly [number, number];
}

/** Output size and ONNX pads [top, left, bottom, right] of a 2-D window over an H x W input. */
export function windowGeometry(node: TfNode, inH: number, inW: number, w: Window): { out: [number, number]; pads: [number, number, number, number] } {
  const padding = attrString(node, 'padding');
  const dims = [inH, inW].map((size, axis) => {
    const k = ((w.kernel[axis] ?? 1) - 1) * (w.dilations[axis] ?? 1) + 1;
    const s = w.strides[axis] ?? 1;
    if (size < 0) throw new Error(`${node.op} ${node.name}: spatial size must be known to compute padding`);
    if (padding === 'VALID') return { out: Math.floor((size - k) / s) + 1, before: 0, after: 0 };
    if (padding === 'SAME') {
      const out = Math.ceil(size / s);
      const total = Math.max((out - 1) * s + k - size, 0);
      return { out, before: Math.floor(total / 2), after: total - Math.floor(total / 2) };
    }
    if (padding === 'EXPLICIT') {
      const ex = attrInts(node, 'explicit_paddings');
      const before = ex[2 + 2 * axis] ?? 0;
      const after = ex[3 + 2 * axis] ?? 0;
      return { out: Math.floor((size + before + after - k) / s) + 1, before, after };
    }
    throw new Error(`${node.op} ${node.name}: padding ${padding} is not supported`);
  });
  const [h, v] = dims as [{ out: number; before: number; after: number }, { out: number; before: number; after: number }];
  return { out: [h.out, v.out], pads: [h.before, v.before, h.after, v.after] };
}

function pair(values: readonly number[], node: TfNode, name: string): [number, number] {
  if (values.length !== 4 || values[0] !== 1 || values[3] !== 1) throw new Error(`${node.op} ${node.name}: ${name} ${values.join(',')} must be [1,h,w,1]`);
  return [values[1] ?? 1, values[2] ?? 1];
}

/** HWIO -> OIHW. */
function convKernel(t: ConstTensor): { dims: number[]; data: Float32Array } {
  const [kh, kw, ci, co] = t.shape as [number, number, number, number];
  const src = floatData(t);
  const out = new Float32Array(src.length);
  for (let h = 0; h < kh; h++)
    for (let w = 0; w < kw; w++)
      for (let i = 0; i < ci; i++) for (let o = 0; o < co; o++) out[((o * ci + i) * kh + h) * kw + w] = src[((h * kw + w) * ci + i) * co + o] ?? 0;
  return { dims: [co, ci, kh, kw], data: out };
}

/** H,W,C,M -> (C*M),1,H,W: TF orders depthwise output channels as c * multiplier + m. */
function depthwiseKernel(t: ConstTensor): { dims: number[]; data: Float32Array } {
  const [kh, kw, c, m] = t.shape as [number, number, number, number];
  const src = floatData(t);
  const out = new Float32Array(src.length);
  for (let h = 0; h < kh; h++)
    for (let w = 0; w < kw; w++)
      for (let ci = 0; ci < c; ci++) for (let mi = 0; mi < m; mi++) out[((ci * m + mi) * kh + h) * kw + w] = src[((h * kw + w) * c + ci) * m + mi] ?? 0;
  return { dims: [c * m, 1, kh, kw], data: out };
}

interface FusedArgs {
  readonly activation?: string;
  readonly bias?: ConstTensor;
  readonly alpha?: ConstTensor;
  readonly leakyAlpha?: number;
}

// fused_ops is [BiasAdd] or [BiasAdd, <activation>]; the extra args are bias then the Prelu slope.
function fusedArgs(ctx: ConversionContext, node: TfNode, firstArg: number): FusedArgs {
  const ops = attrStrings(node, 'fused_ops');
  if (ops.length === 0) return {};
  if (ops[0] !== 'BiasAdd' || ops.length > 2) throw new Error(`${node.op} ${node.name}: fused_ops ${ops.join('+')} not supported`);
  const bias = ctx.constInput(node, firstArg);
  const activation = ops[1];
  if (activation === undefined) return { bias };
  const alpha = activation === 'Prelu' ? ctx.constInput(node, firstArg + 1) : undefined;
  const leakyAlpha = activation === 'LeakyRelu' ? attrFloat(node, 'leakyrelu_alpha', 0.2) : undefined;
  return { activation, bias, ...(alpha ? { alpha } : {}), ...(leakyAlpha === undefined ? {} : { leakyAlpha }) };
}

function convolution(depthwise: boolean, fused: boolean): OpMapper {
  return (ctx, node) => {
    requireNhwc(node);
    const x = ctx.tensorInput(node, 0);
    const filter = ctx.constInput(node, 1);
    const [n, inH, inW] = x.shape as [number, number, number, number];
    const [kh, kw, , co] = filter.shape as [number, number, number, number];
    const window: Window = {
      kernel: [kh, kw],
      strides: pair(attrInts(node, 'strides'), node, 'strides'),
      dilations: pair(attrInts(node, 'dilations', [1, 1, 1, 1]), node, 'dilations'),
    };
    const { out, pads } = windowGeometry(node, inH, inW, window);
    const kernel = depthwise ? depthwiseKernel(filter) : convKernel(filter);
    const outChannels = depthwise ? (kernel.dims[0] ?? 0) : co;
    const args = fused ? fusedArgs(ctx, node, 2) : {};
    const b = ctx.builder;
    const inputs = [ctx.nchw(x), b.addFloat(node.inputs[1] ?? `${node.name}/kernel`, kernel.dims, kernel.data)];
    if (args.bias) inputs.push(b.addFloat(node.inputs[2] ?? `${node.name}/bias`, [outChannels], floatData(args.bias)));
    const convOut = args.activation ? `${node.name}/conv` : node.name;
    let name = b.addNode('Conv', inputs, convOut, {
      kernel_shape: attr.ints([kh, kw]),
      strides: attr.ints(window.strides),
      dilations: attr.ints(window.dilations),
      pads: attr.ints(pads),
      group: attr.int(depthwise ? (filter.shape[2] ?? 1) : 1),
    });
    if (args.activation) name = emitActivation(ctx, node, args.activation, name, 'nchw', node.name, args);
    ctx.set(node.name, { kind: 'tensor', name, shape: [n, out[0], out[1], outChannels], layout: 'nchw' });
  };
}

// ONNX MaxPool ignores padded cells and AveragePool (count_include_pad=0) leaves them out of the
// mean, which is what TF does for SAME pooling.
function pool(onnxOp: 'MaxPool' | 'AveragePool'): OpMapper {
  return (ctx, node) => {
    requireNhwc(node);
    const x = ctx.tensorInput(node, 0);
    const [n, inH, inW, c] = x.shape as [number, number, number, number];
    const window: Window = {
      kernel: pair(attrInts(node, 'ksize'), node, 'ksize'),
      strides: pair(attrInts(node, 'strides'), node, 'strides'),
      dilations: [1, 1],
    };
    const { out, pads } = windowGeometry(node, inH, inW, window);
    const name = ctx.builder.addNode(onnxOp, [ctx.nchw(x)], node.name, {
      kernel_shape: attr.ints(window.kernel),
      strides: attr.ints(window.strides),
      pads: attr.ints(pads),
    });
    ctx.set(node.name, { kind: 'tensor', name, shape: [n, out[0], out[1], c], layout: 'nchw' });
  };
}

export const convMappers: Readonly<Record<string, OpMapper>> = {
  Conv2D: convolution(false, false),
  _FusedConv2D: convolution(false, true),
  DepthwiseConv2dNative: convolution(true, false),
  DepthwiseConv2d: convolution(true, false),
  FusedDepthwiseConv2dNative: convolution(true, true),
  MaxPool: pool('MaxPool'),
  AvgPool: pool('AveragePool'),
};
