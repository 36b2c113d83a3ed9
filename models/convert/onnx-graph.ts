// An ONNX graph under construction, kept free of protobuf types so op mappers stay readable and
// the writer is the only module that knows the wire format.

export type OnnxDtype = 'float32' | 'int64';

export interface OnnxTensor {
  readonly name: string;
  readonly dtype: OnnxDtype;
  readonly dims: readonly number[];
  readonly data: Float32Array | BigInt64Array;
}

export type OnnxAttr =
  | { readonly kind: 'int'; readonly value: number }
  | { readonly kind: 'ints'; readonly value: readonly number[] }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string };

export interface OnnxNode {
  readonly op: string;
  readonly name: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  readonly attrs: Readonly<Record<string, OnnxAttr>>;
}

/** A graph input or output; a -1 dimension is written as the symbolic dimension `batch`. */
export interface OnnxIo {
  readonly name: string;
  readonly shape: readonly number[];
}

export const attr = {
  int: (value: number): OnnxAttr => ({ kind: 'int', value }),
  ints: (value: readonly number[]): OnnxAttr => ({ kind: 'ints', value }),
  float: (value: number): OnnxAttr => ({ kind: 'float', value }),
  string: (value: string): OnnxAttr => ({ kind: 'string', value }),
};

export class OnnxGraphBuilder {
  readonly nodes: OnnxNode[] = [];
  readonly initializers: OnnxTensor[] = [];
  readonly inputs: OnnxIo[] = [];
  readonly outputs: OnnxIo[] = [];
  private readonly used = new Set<string>();
  private readonly reserved: ReadonlySet<string>;

  /** Reserved names (the graph's public inputs and outputs) are never handed out by uniqueName. */
  constructor(reserved: Iterable<string>) {
    this.reserved = new Set(reserved);
  }

  uniqueName(hint: string): string {
    let name = hint;
    for (let i = 1; this.used.has(name) || this.reserved.has(name); i++) name = `${hint}_${i}`;
    this.used.add(name);
    return name;
  }

  addInput(io: OnnxIo): void {
    this.used.add(io.name);
    this.inputs.push(io);
  }

  addOutput(io: OnnxIo): void {
    this.used.add(io.name);
    this.outputs.push(io);
  }

  addFloat(hint: string, dims: readonly number[], data: Float32Array): string {
    const name = this.uniqueName(hint);
    this.initializers.push({ name, dtype: 'float32', dims: [...dims], data });
    return name;
  }

  addInt64(hint: string, values: readonly number[], dims: readonly number[] = [values.length]): string {
    const name = this.uniqueName(hint);
    this.initializers.push({ name, dtype: 'int64', dims: [...dims], data: BigInt64Array.from(values, (v) => BigInt(v)) });
    return name;
  }

  /** Adds a node with one output named after `outputHint` and returns that output's name. */
  addNode(op: string, inputs: readonly string[], outputHint: string, attrs: Record<string, OnnxAttr> = {}): string {
    const output = this.uniqueName(outputHint);
    this.addNodeWithOutput(op, inputs, output, attrs);
    return output;
  }

  /** For outputs whose name is fixed in advance (the graph's public outputs). */
  addNodeWithOutput(op: string, inputs: readonly string[], output: string, attrs: Record<string, OnnxAttr> = {}): void {
    this.used.add(output);
    this.nodes.push({ op, name: `${op}:${output}`, inputs: [...inputs], outputs: [output], attrs });
  }
}
