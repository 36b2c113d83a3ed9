// TF.js graph -> ONNX model. Inputs and outputs keep the TF.js names, shapes and NHWC layout, so
// a caller can swap TF.js for onnxruntime without touching pre- or post-processing; inside, image
// tensors run as NCHW (see context.ts).
import { ConversionContext } from './context.ts';
import type { OnnxIo } from './onnx-graph.ts';
import { OnnxGraphBuilder } from './onnx-graph.ts';
import { encodeModel } from './onnx-writer.ts';
import type { ModelInfo } from './onnx-writer.ts';
import { OP_MAPPERS } from './ops/index.ts';
import type { TfGraph, TfNode } from './tfjs-model.ts';

export interface ConvertedModel {
  readonly bytes: Uint8Array;
  readonly inputs: readonly OnnxIo[];
  readonly outputs: readonly OnnxIo[];
  /** ONNX op type -> node count, for the CLI summary. */
  readonly opCounts: Readonly<Record<string, number>>;
}

/** Nodes the outputs depend on, producers first; nodes nothing depends on are dropped. */
export function topologicalOrder(graph: TfGraph): TfNode[] {
  const order: TfNode[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    const s = state.get(name);
    if (s === 'done') return;
    if (s === 'visiting') throw new Error(`cycle through node ${name}`);
    const node = graph.nodes.get(name);
    if (!node) throw new Error(`node ${name} is referenced but not defined`);
    state.set(name, 'visiting');
    for (const input of node.inputs) visit(input);
    state.set(name, 'done');
    order.push(node);
  };
  for (const o of graph.outputs) visit(o.node);
  return order;
}

// A signature may give the batch as 1 where the graph takes any batch (faceres does); only a
// disagreement on a known non-batch dimension means the conversion went wrong.
function checkShape(name: string, inferred: readonly number[], declared: readonly number[] | undefined): void {
  if (!declared) return;
  const mismatch =
    declared.length !== inferred.length ||
    declared.some((d, i) => {
      const got = inferred[i] ?? -1;
      return d >= 0 && got >= 0 && d !== got && !(i === 0 && d === 1);
    });
  if (mismatch) throw new Error(`output ${name}: inferred shape [${inferred.join(',')}], signature says [${declared.join(',')}]`);
}

export function convertGraph(graph: TfGraph, info: ModelInfo): ConvertedModel {
  const builder = new OnnxGraphBuilder([...graph.inputs.map((i) => i.name), ...graph.outputs.map((o) => o.name)]);
  const ctx = new ConversionContext(graph, builder);
  for (const input of graph.inputs) {
    if (!input.shape) throw new Error(`input ${input.name}: shape unknown`);
    builder.addInput({ name: input.name, shape: input.shape });
    ctx.set(input.node, { kind: 'tensor', name: input.name, shape: input.shape, layout: 'tf' });
  }
  for (const node of topologicalOrder(graph)) {
    if (node.op === 'Const' || node.op === 'Placeholder') continue;
    const mapper = OP_MAPPERS[node.op];
    if (!mapper) throw new Error(`op ${node.op} (node ${node.name}) is not supported`);
    mapper(ctx, node);
  }
  for (const output of graph.outputs) {
    const v = ctx.value(output.node);
    if (v.kind === 'const') throw new Error(`output ${output.name} is a constant`);
    checkShape(output.name, v.shape, output.shape);
    builder.addNodeWithOutput('Identity', [ctx.tf(v)], output.name);
    builder.addOutput({ name: output.name, shape: v.shape });
  }
  const opCounts: Record<string, number> = {};
  for (const n of builder.nodes) opCounts[n.op] = (opCounts[n.op] ?? 0) + 1;
  return { bytes: encodeModel(builder, info), inputs: builder.inputs, outputs: builder.outputs, opCounts };
}
