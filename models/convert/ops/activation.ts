// Activations, standalone and fused into convolutions and matmuls. TF.js fuses BiasAdd plus one
// activation into _FusedConv2D / _FusedMatMul; ONNX has no fused form, so the activation becomes
// its own node after the Conv or Gemm.
import { attr } from '../onnx-graph.ts';
import type { ConversionContext, Layout, OpMapper, TensorValue } from '../context.ts';
import type { TfNode } from '../tfjs-model.ts';
import type { ConstTensor } from '../weights.ts';
import { broadcastShape } from './binary.ts';

export interface ActivationArgs {
  /** Prelu slope, TF shape (usually [1,1,C]). */
  readonly alpha?: ConstTensor | undefined;
  /** LeakyRelu negative slope. */
  readonly leakyAlpha?: number | undefined;
}

/**
 * Emits `kind` applied to `input` (ONNX name, in `layout`); the result is named after `outHint`.
 * A Prelu slope is laid out like the input: a TF [1,1,C] slope becomes [1,C,1,1] for NCHW.
 */
export function emitActivation(ctx: ConversionContext, node: TfNode, kind: string, input: string, layout: Layout, outHint: string, args: ActivationArgs = {}): string {
  const b = ctx.builder;
  switch (kind) {
    case 'Relu':
      return b.addNode('Relu', [input], outHint);
    case 'Relu6':
      return b.addNode('Clip', [input, b.addFloat(`${outHint}/min`, [], Float32Array.of(0)), b.addFloat(`${outHint}/max`, [], Float32Array.of(6))], outHint);
    case 'Sigmoid':
      return b.addNode('Sigmoid', [input], outHint);
    case 'Tanh':
      return b.addNode('Tanh', [input], outHint);
    case 'Elu':
      return b.addNode('Elu', [input], outHint, { alpha: attr.float(1) });
    case 'LeakyRelu':
      return b.addNode('LeakyRelu', [input], outHint, { alpha: attr.float(args.leakyAlpha ?? 0.2) });
    case 'Prelu': {
      if (!args.alpha) throw new Error(`${node.op} ${node.name}: Prelu without a slope`);
      return b.addNode('PRelu', [input, ctx.constFor(`${outHint}/alpha`, args.alpha, layout)], outHint);
    }
    default:
      throw new Error(`${node.op} ${node.name}: activation ${kind} is not supported`);
  }
}

function unary(kind: string): OpMapper {
  return (ctx, node) => {
    const x = ctx.tensorInput(node, 0);
    const name = emitActivation(ctx, node, kind, x.name, x.layout, node.name);
    ctx.set(node.name, { kind: 'tensor', name, shape: x.shape, layout: x.layout });
  };
}

// Prelu(x, alpha): alpha is a constant in every model we convert; a computed slope would need
// the same layout handling as a binary op, so it is refused rather than guessed.
const prelu: OpMapper = (ctx, node) => {
  const x = ctx.tensorInput(node, 0);
  const alpha = ctx.input(node, 1);
  if (alpha.kind !== 'const') throw new Error(`Prelu ${node.name}: slope must be a constant`);
  const name = emitActivation(ctx, node, 'Prelu', x.name, x.layout, node.name, { alpha: alpha.tensor });
  ctx.set(node.name, { kind: 'tensor', name, shape: broadcastShape(x.shape, alpha.tensor.shape), layout: x.layout });
};

// Identity adds nothing to an ONNX graph: the node's value is its input's value.
const identity: OpMapper = (ctx, node) => {
  ctx.set(node.name, ctx.input(node, 0));
};

const leakyRelu: OpMapper = (ctx, node) => {
  const x: TensorValue = ctx.tensorInput(node, 0);
  const alpha = node.attrs['alpha']?.f ?? 0.2;
  const name = emitActivation(ctx, node, 'LeakyRelu', x.name, x.layout, node.name, { leakyAlpha: alpha });
  ctx.set(node.name, { kind: 'tensor', name, shape: x.shape, layout: x.layout });
};

export const activationMappers: Readonly<Record<string, OpMapper>> = {
  Relu: unary('Relu'),
  Relu6: unary('Relu6'),
  Sigmoid: unary('Sigmoid'),
  Tanh: unary('Tanh'),
  Elu: unary('Elu'),
  LeakyRelu: leakyRelu,
  Prelu: prelu,
  Identity: identity,
};
