// The heads of the networks: global pooling (Mean), fully connected layers and Softmax.
import { attrBool, attrFloat, attrStrings } from '../attrs.ts';
import type { OpMapper, TensorValue } from '../context.ts';
import { NCHW_OF_NHWC, floatData, intValues } from '../context.ts';
import { attr } from '../onnx-graph.ts';
import { emitActivation } from './activation.ts';

// Reducing an NCHW tensor directly is fine when the surviving axes keep their TF order (global
// pooling over H and W leaves [N, C] either way); otherwise the tensor goes back to TF layout.
function reduce(onnxOp: 'ReduceMean' | 'ReduceMax' | 'ReduceSum'): OpMapper {
  return (ctx, node) => {
    const x: TensorValue = ctx.tensorInput(node, 0);
    const rank = x.shape.length;
    const axes = [...new Set(intValues(ctx.constInput(node, 1)).map((a) => (a < 0 ? a + rank : a)))].sort((a, b) => a - b);
    const keep = attrBool(node, 'keep_dims', false);
    const kept = x.shape.map((_, a) => a).filter((a) => !axes.includes(a));
    const keptInNchw = kept.map((a) => NCHW_OF_NHWC[a] ?? a);
    const nchwOk = x.layout === 'nchw' && (keep || keptInNchw.every((p, i) => i === 0 || p > (keptInNchw[i - 1] ?? -1)));
    const input = nchwOk ? x.name : ctx.tf(x);
    const onnxAxes = nchwOk ? axes.map((a) => NCHW_OF_NHWC[a] ?? a) : axes;
    // Opset 13 moved ReduceSum's axes to an input; ReduceMean and ReduceMax follow only in opset 18.
    const name =
      onnxOp === 'ReduceSum'
        ? ctx.builder.addNode(onnxOp, [input, ctx.builder.addInt64(`${node.name}/axes`, onnxAxes)], node.name, { keepdims: attr.int(keep ? 1 : 0) })
        : ctx.builder.addNode(onnxOp, [input], node.name, { axes: attr.ints(onnxAxes), keepdims: attr.int(keep ? 1 : 0) });
    const shape = keep ? x.shape.map((d, a) => (axes.includes(a) ? 1 : d)) : kept.map((a) => x.shape[a] ?? -1);
    ctx.set(node.name, { kind: 'tensor', name, shape, layout: nchwOk && keep ? 'nchw' : 'tf' });
  };
}

// MatMul with a constant right-hand side (every dense layer here) becomes Gemm, which also takes
// the fused bias; the fused activation follows as its own node.
function matmul(fused: boolean): OpMapper {
  return (ctx, node) => {
    const a = ctx.tensorInput(node, 0);
    if (a.shape.length !== 2) throw new Error(`${node.op} ${node.name}: only rank-2 inputs are supported`);
    const weights = ctx.constInput(node, 1);
    const transA = attrBool(node, 'transpose_a', false);
    const transB = attrBool(node, 'transpose_b', false);
    const units = (transB ? weights.shape[0] : weights.shape[1]) ?? -1;
    const b = ctx.builder;
    const inputs = [ctx.tf(a), b.addFloat(node.inputs[1] ?? `${node.name}/weights`, weights.shape, floatData(weights))];
    const ops = fused ? attrStrings(node, 'fused_ops') : [];
    if (ops.length > 0) {
      if (ops[0] !== 'BiasAdd' || ops.length > 2) throw new Error(`${node.op} ${node.name}: fused_ops ${ops.join('+')} not supported`);
      inputs.push(b.addFloat(node.inputs[2] ?? `${node.name}/bias`, [units], floatData(ctx.constInput(node, 2))));
    }
    const activation = ops[1];
    let name = b.addNode('Gemm', inputs, activation ? `${node.name}/gemm` : node.name, { transA: attr.int(transA ? 1 : 0), transB: attr.int(transB ? 1 : 0) });
    if (activation) {
      const alpha = activation === 'Prelu' ? ctx.constInput(node, 3) : undefined;
      const leakyAlpha = activation === 'LeakyRelu' ? attrFloat(node, 'leakyrelu_alpha', 0.2) : undefined;
      name = emitActivation(ctx, node, activation, name, 'tf', node.name, { alpha, leakyAlpha });
    }
    const rows = (transA ? a.shape[1] : a.shape[0]) ?? -1;
    ctx.set(node.name, { kind: 'tensor', name, shape: [rows, units], layout: 'tf' });
  };
}

// TF Softmax works on the last axis; for an NCHW tensor that axis (C) sits at position 1.
const softmax: OpMapper = (ctx, node) => {
  const x = ctx.tensorInput(node, 0);
  const axis = x.layout === 'nchw' ? 1 : -1;
  const name = ctx.builder.addNode('Softmax', [x.name], node.name, { axis: attr.int(axis) });
  ctx.set(node.name, { kind: 'tensor', name, shape: x.shape, layout: x.layout });
};

export const denseMappers: Readonly<Record<string, OpMapper>> = {
  Mean: reduce('ReduceMean'),
  Max: reduce('ReduceMax'),
  Sum: reduce('ReduceSum'),
  MatMul: matmul(false),
  _FusedMatMul: matmul(true),
  Softmax: softmax,
};
