// Element-wise binary ops with NumPy broadcasting, which TF and ONNX share. The only subtlety is
// layout: when an image operand lives as NCHW, the other operand must be permuted the same way
// (a per-channel constant of TF shape [C] becomes [1,C,1,1]).
import type { ConversionContext, Layout, OpMapper, TensorValue, Value } from '../context.ts';
import { shapeOf } from '../context.ts';
import type { TfNode } from '../tfjs-model.ts';

/** NumPy broadcasting of TF shapes; -1 (unknown) wins over 1 and defers to a known size. */
export function broadcastShape(a: readonly number[], b: readonly number[]): number[] {
  const rank = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < rank; i++) {
    const da = a[a.length - rank + i] ?? 1;
    const db = b[b.length - rank + i] ?? 1;
    if (da === db || db === 1) out.push(da);
    else if (da === 1) out.push(db);
    else if (da === -1 || db === -1) out.push(Math.max(da, db));
    else throw new Error(`shapes [${a.join(',')}] and [${b.join(',')}] do not broadcast`);
  }
  return out;
}

/**
 * NCHW is kept when some operand already is NCHW and the result is rank 4: converting the other
 * operand is cheaper than transposing the image back (and a constant costs nothing).
 */
function chooseLayout(values: readonly Value[], outRank: number): Layout {
  const tensors = values.filter((v): v is TensorValue => v.kind === 'tensor');
  const anyNchw = tensors.some((v) => v.layout === 'nchw');
  const allRank4 = tensors.every((v) => v.shape.length === 4);
  return anyNchw && allRank4 && outRank === 4 ? 'nchw' : 'tf';
}

/** ONNX names of the operands of `node`, all in one layout, and that layout. */
export function alignOperands(ctx: ConversionContext, node: TfNode, values: readonly Value[], outRank: number): { names: string[]; layout: Layout } {
  const layout = chooseLayout(values, outRank);
  const names = values.map((v, i) => {
    if (v.kind === 'tensor') return layout === 'nchw' ? ctx.nchw(v) : ctx.tf(v);
    if (v.tensor.dtype !== 'float32') throw new Error(`${node.op} ${node.name}: int32 operand ${i} is not supported`);
    return ctx.constFor(node.inputs[i] ?? `${node.name}/const`, v.tensor, layout);
  });
  return { names, layout };
}

function binary(onnxOp: string): OpMapper {
  return (ctx, node) => {
    const a = ctx.input(node, 0);
    const b = ctx.input(node, 1);
    if (a.kind === 'const' && b.kind === 'const') throw new Error(`${node.op} ${node.name}: constant folding is not supported`);
    const shape = broadcastShape(shapeOf(a), shapeOf(b));
    const { names, layout } = alignOperands(ctx, node, [a, b], shape.length);
    const name = ctx.builder.addNode(onnxOp, names, node.name);
    ctx.set(node.name, { kind: 'tensor', name, shape, layout });
  };
}

export const binaryMappers: Readonly<Record<string, OpMapper>> = {
  Add: binary('Add'),
  AddV2: binary('Add'),
  BiasAdd: binary('Add'),
  Sub: binary('Sub'),
  Mul: binary('Mul'),
  RealDiv: binary('Div'),
  Minimum: binary('Min'),
  Maximum: binary('Max'),
};
