// Builds small TF.js graph models by hand, so each conversion pitfall (uneven SAME padding, channel
// padding, Reshape after NCHW, Prelu slopes, float16 weights) can be checked on its own against
// TF.js in milliseconds instead of through a whole network.
import type { TfAttrValue, TfModelJson, TfWeightSpec } from '../../../models/convert/tfjs-model.ts';
import { seededRandom } from './inputs.ts';

type Attr = TfAttrValue;

export const tfAttr = {
  s: (v: string): Attr => ({ s: Buffer.from(v).toString('base64') }),
  ints: (v: readonly number[]): Attr => ({ list: { i: v.map(String) } }),
  strings: (v: readonly string[]): Attr => ({ list: { s: v.map((x) => Buffer.from(x).toString('base64')) } }),
  b: (v: boolean): Attr => ({ b: v }),
  type: (v: 'DT_FLOAT' | 'DT_INT32'): Attr => ({ type: v }),
};

/** Encodes a float as IEEE binary16; exact for the k/64 values the tests use. */
export function toFloat16(v: number): number {
  if (v === 0) return Object.is(v, -0) ? 0x8000 : 0;
  const sign = v < 0 ? 0x8000 : 0;
  const a = Math.abs(v);
  const e = Math.floor(Math.log2(a));
  const mantissa = Math.round((a / 2 ** e - 1) * 1024);
  if (e < -14 || e > 15 || mantissa > 1023) throw new Error(`${v} is not a normal half-precision value`);
  return sign | ((e + 15) << 10) | mantissa;
}

interface Node {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, Attr>;
}

export class GraphSketch {
  private readonly nodes: Node[] = [];
  private readonly specs: TfWeightSpec[] = [];
  private readonly chunks: Uint8Array[] = [];
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  placeholder(name: string, shape: readonly number[]): string {
    this.nodes.push({ name, op: 'Placeholder', attr: { dtype: tfAttr.type('DT_FLOAT'), shape: { shape: { dim: shape.map((d) => ({ size: String(d) })) } } } });
    return name;
  }

  /** Random weights in [-1, 1) on a 1/64 grid; stored as float16 when asked, like facemesh and faceres. */
  weights(name: string, shape: readonly number[], float16 = false): string {
    const n = shape.reduce((a, b) => a * b, 1);
    const values = Array.from({ length: n }, () => Math.floor(this.next() * 128 - 64) / 64);
    if (float16) {
      const bytes = new Uint8Array(n * 2);
      const view = new DataView(bytes.buffer);
      values.forEach((v, i) => view.setUint16(2 * i, toFloat16(v), true));
      this.addConst(name, { name, shape: [...shape], dtype: 'float32', quantization: { dtype: 'float16', original_dtype: 'float32' } }, bytes, 'DT_FLOAT');
    } else {
      this.addConst(name, { name, shape: [...shape], dtype: 'float32' }, new Uint8Array(Float32Array.from(values).buffer), 'DT_FLOAT');
    }
    return name;
  }

  ints(name: string, shape: readonly number[], values: readonly number[]): string {
    this.addConst(name, { name, shape: [...shape], dtype: 'int32' }, new Uint8Array(Int32Array.from(values).buffer), 'DT_INT32');
    return name;
  }

  op(name: string, op: string, inputs: readonly string[], attr: Record<string, Attr> = {}): string {
    this.nodes.push({ name, op, input: [...inputs], attr: { T: tfAttr.type('DT_FLOAT'), ...attr } });
    return name;
  }

  /** The model.json object and its single weight shard. */
  build(inputs: Readonly<Record<string, string>>, outputs: Readonly<Record<string, string>>): { json: TfModelJson; weights: Uint8Array } {
    const entry = (name: string): { name: string } => ({ name: `${name}:0` });
    const json: TfModelJson = {
      format: 'graph-model',
      generatedBy: 'test',
      convertedBy: 'test',
      signature: {
        inputs: Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, entry(v)])),
        outputs: Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, entry(v)])),
      },
      modelTopology: { node: this.nodes, versions: {} },
      weightsManifest: [{ paths: ['weights.bin'], weights: this.specs }],
    };
    const total = this.chunks.reduce((a, c) => a + c.length, 0);
    const weights = new Uint8Array(total);
    let offset = 0;
    for (const c of this.chunks) {
      weights.set(c, offset);
      offset += c.length;
    }
    return { json, weights };
  }

  private addConst(name: string, spec: TfWeightSpec, bytes: Uint8Array, dtype: 'DT_FLOAT' | 'DT_INT32'): void {
    this.nodes.push({ name, op: 'Const', attr: { dtype: tfAttr.type(dtype), value: { tensor: {} } } });
    this.specs.push(spec);
    this.chunks.push(bytes);
  }
}
