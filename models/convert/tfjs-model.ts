// Reads a TensorFlow.js graph model (model.json + weight shards) into a plain graph of nodes and
// constant tensors. The JSON is validated: it is a file read from disk (STYLE.md, validate at
// every boundary), and a malformed model should fail here with a path, not deep in an op mapper.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { decodeWeights } from './weights.ts';
import type { ConstTensor } from './weights.ts';

const tensorShapeSchema = z.object({
  dim: z.array(z.object({ size: z.union([z.string(), z.number()]).optional() })).optional(),
  unknownRank: z.boolean().optional(),
});

const attrValueSchema = z.object({
  s: z.string().optional(),
  i: z.union([z.string(), z.number()]).optional(),
  f: z.number().optional(),
  b: z.boolean().optional(),
  type: z.string().optional(),
  shape: tensorShapeSchema.optional(),
  list: z
    .object({
      s: z.array(z.string()).optional(),
      i: z.array(z.union([z.string(), z.number()])).optional(),
      f: z.array(z.number()).optional(),
      b: z.array(z.boolean()).optional(),
      type: z.array(z.string()).optional(),
    })
    .optional(),
  tensor: z.unknown().optional(),
});

const signatureEntrySchema = z.object({ name: z.string(), dtype: z.string().optional(), tensorShape: tensorShapeSchema.optional() });
const signatureSchema = z.object({
  inputs: z.record(z.string(), signatureEntrySchema).optional(),
  outputs: z.record(z.string(), signatureEntrySchema).optional(),
});

const weightSpecSchema = z.object({
  name: z.string(),
  shape: z.array(z.number().int().nonnegative()),
  dtype: z.enum(['float32', 'int32', 'bool', 'string', 'complex64']),
  quantization: z
    .object({
      dtype: z.enum(['float16', 'uint8', 'uint16']),
      scale: z.number().optional(),
      min: z.number().optional(),
      original_dtype: z.string().optional(),
    })
    .optional(),
});

const modelJsonSchema = z.object({
  format: z.string().optional(),
  generatedBy: z.string().optional(),
  convertedBy: z.string().nullable().optional(),
  signature: signatureSchema.optional(),
  userDefinedMetadata: z.object({ signature: signatureSchema.optional() }).loose().optional(),
  modelTopology: z.object({
    node: z.array(
      z.object({
        name: z.string(),
        op: z.string(),
        input: z.array(z.string()).optional(),
        attr: z.record(z.string(), attrValueSchema).optional(),
      }),
    ),
    library: z.object({ function: z.array(z.unknown()).optional() }).loose().optional(),
  })
    // Kept whole (versions, ...) so the parsed JSON can still be handed to TF.js itself.
    .loose(),
  weightsManifest: z.array(z.object({ paths: z.array(z.string()), weights: z.array(weightSpecSchema) })),
});

export type TfModelJson = z.infer<typeof modelJsonSchema>;
export type TfAttrValue = z.infer<typeof attrValueSchema>;
export type TfWeightSpec = z.infer<typeof weightSpecSchema>;

export interface TfNode {
  readonly name: string;
  readonly op: string;
  /** Data inputs as node names; control inputs (`^name`) are dropped, `:0` suffixes removed. */
  readonly inputs: readonly string[];
  readonly attrs: Readonly<Record<string, TfAttrValue>>;
}

/** A graph input or output as a TF.js caller sees it. */
export interface TfIo {
  /** The name callers use: signature key for outputs, placeholder node name for inputs. */
  readonly name: string;
  /** The node that holds the tensor. */
  readonly node: string;
  /** -1 marks an unknown dimension (the batch, usually). */
  readonly shape?: readonly number[];
}

export interface TfGraph {
  readonly nodes: ReadonlyMap<string, TfNode>;
  readonly consts: ReadonlyMap<string, ConstTensor>;
  readonly inputs: readonly TfIo[];
  readonly outputs: readonly TfIo[];
  readonly producer: { readonly generatedBy?: string; readonly convertedBy?: string };
}

/** `name:0` -> `name`. Outputs other than the first are not produced by any op we map. */
export function tensorNode(ref: string): string {
  const m = /^(.*?)(?::(\d+))?$/.exec(ref);
  const node = m?.[1] ?? ref;
  const index = m?.[2] === undefined ? 0 : Number(m[2]);
  if (index !== 0) throw new Error(`tensor ${ref}: only the first output of a node is supported`);
  return node;
}

export function parseShape(shape: z.infer<typeof tensorShapeSchema> | undefined): number[] | undefined {
  if (!shape || shape.unknownRank || !shape.dim) return undefined;
  return shape.dim.map((d) => (d.size === undefined ? -1 : Number(d.size)));
}

export function parseModelJson(text: string, source: string): TfModelJson {
  const parsed = modelJsonSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`${source}: not a TF.js graph model: ${issues.join('; ')}`);
  }
  return parsed.data;
}

/** Loads model.json and its weight shards (paths relative to the JSON, as TF.js resolves them). */
export function readTfjsModel(jsonPath: string): TfGraph {
  const json = parseModelJson(readFileSync(jsonPath, 'utf8'), jsonPath);
  if (json.modelTopology.library?.function?.length) throw new Error(`${jsonPath}: control-flow functions are not supported`);
  const shards = json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(join(dirname(jsonPath), p))));
  const weightBytes = Buffer.concat(shards);
  const consts = decodeWeights(
    json.weightsManifest.flatMap((g) => g.weights),
    new Uint8Array(weightBytes.buffer, weightBytes.byteOffset, weightBytes.byteLength),
  );
  return buildGraph(json, consts);
}

export function buildGraph(json: TfModelJson, consts: ReadonlyMap<string, ConstTensor>): TfGraph {
  const nodes = new Map<string, TfNode>();
  for (const n of json.modelTopology.node) {
    const inputs = (n.input ?? []).filter((i) => !i.startsWith('^')).map(tensorNode);
    nodes.set(n.name, { name: n.name, op: n.op, inputs, attrs: n.attr ?? {} });
    if (n.op === 'Const' && !consts.has(n.name)) throw new Error(`Const ${n.name} has no weight in the manifest`);
  }
  // Converters put the signature at the top level or under userDefinedMetadata, depending on
  // their version; TF.js reads either, so do we.
  const signature = json.signature ?? json.userDefinedMetadata?.signature;
  const placeholders = [...nodes.values()].filter((n) => n.op === 'Placeholder');
  const inputs: TfIo[] = placeholders.map((p) => {
    const fromSig = Object.values(signature?.inputs ?? {}).find((e) => tensorNode(e.name) === p.name);
    const shape = parseShape(fromSig?.tensorShape) ?? parseShape(p.attrs['shape']?.shape);
    return shape ? { name: p.name, node: p.name, shape } : { name: p.name, node: p.name };
  });
  const sigOutputs = Object.entries(signature?.outputs ?? {});
  const outputs: TfIo[] = sigOutputs.length
    ? sigOutputs.map(([key, e]) => {
        const shape = parseShape(e.tensorShape);
        const name = key.replace(/:0$/, '');
        return shape ? { name, node: tensorNode(e.name), shape } : { name, node: tensorNode(e.name) };
      })
    : danglingNodes(nodes).map((n) => ({ name: n, node: n }));
  for (const o of outputs) if (!nodes.has(o.node)) throw new Error(`output ${o.name}: node ${o.node} not in graph`);
  const producer: { generatedBy?: string; convertedBy?: string } = {};
  if (json.generatedBy) producer.generatedBy = json.generatedBy;
  if (json.convertedBy) producer.convertedBy = json.convertedBy;
  return { nodes, consts, inputs, outputs, producer };
}

// Without a signature TF.js treats every node nobody consumes as an output; we do the same.
function danglingNodes(nodes: ReadonlyMap<string, TfNode>): string[] {
  const used = new Set([...nodes.values()].flatMap((n) => n.inputs));
  return [...nodes.values()].filter((n) => n.op !== 'Const' && !used.has(n.name)).map((n) => n.name);
}
