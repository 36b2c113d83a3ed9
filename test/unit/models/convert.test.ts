// The converter's parts, each pinned to the TF behaviour it reproduces, and small hand-built graphs
// run through TF.js and onnxruntime side by side.
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { constToNchw } from '../../../models/convert/context.ts';
import { convertGraph } from '../../../models/convert/convert.ts';
import { broadcastShape } from '../../../models/convert/ops/binary.ts';
import { windowGeometry } from '../../../models/convert/ops/conv.ts';
import { reshapeTarget } from '../../../models/convert/ops/shape.ts';
import { buildGraph, parseModelJson, tensorNode } from '../../../models/convert/tfjs-model.ts';
import type { TfModelJson, TfNode } from '../../../models/convert/tfjs-model.ts';
import { decodeWeights, float16ToNumber } from '../../../models/convert/weights.ts';
import { uniformNoise } from './inputs.ts';
import { GraphSketch, tfAttr, toFloat16 } from './synthetic-graph.ts';
import { loadTfjsModelFrom, runTfjs } from './tfjs-reference.ts';

const INFO = { graphName: 'test', docString: '', producerVersion: '0', metadata: {} };

function windowNode(padding: string): TfNode {
  return { name: 'w', op: 'Conv2D', inputs: [], attrs: { padding: tfAttr.s(padding) } };
}

describe('float16 weights', () => {
  it('decode exactly, including subnormals and infinities', () => {
    expect(float16ToNumber(0x3c00)).toBe(1);
    expect(float16ToNumber(0xc000)).toBe(-2);
    expect(float16ToNumber(0x7bff)).toBe(65504);
    expect(float16ToNumber(0x0001)).toBe(2 ** -24);
    expect(float16ToNumber(0x3555)).toBe(0.333251953125);
    expect(float16ToNumber(0x7c00)).toBe(Number.POSITIVE_INFINITY);
    expect(float16ToNumber(0x7e00)).toBeNaN();
  });

  it('are widened to float32 from a shard holding two bytes per value', () => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint16(0, toFloat16(0.5), true);
    new DataView(bytes.buffer).setUint16(2, toFloat16(-0.75), true);
    const spec = { name: 'w', shape: [2], dtype: 'float32', quantization: { dtype: 'float16' as const } };
    expect(Array.from(decodeWeights([spec], bytes).get('w')?.data ?? [])).toEqual([0.5, -0.75]);
  });

  it('and affine uint8 weights use value = q * scale + min', () => {
    const spec = { name: 'q', shape: [3], dtype: 'float32', quantization: { dtype: 'uint8' as const, scale: 0.5, min: -1 } };
    expect(Array.from(decodeWeights([spec], Uint8Array.of(0, 2, 4)).get('q')?.data ?? [])).toEqual([-1, 0, 1]);
  });

  it('refuse a shard whose size disagrees with the manifest', () => {
    expect(() => decodeWeights([{ name: 'w', shape: [2], dtype: 'float32' }], new Uint8Array(12))).toThrow(/12 bytes/);
  });
});

describe('TF "SAME" padding', () => {
  const k3s2 = { kernel: [3, 3], strides: [2, 2], dilations: [1, 1] } as const;

  it('puts the odd pixel after (bottom/right), as TF does', () => {
    expect(windowGeometry(windowNode('SAME'), 256, 256, k3s2)).toEqual({ out: [128, 128], pads: [0, 0, 1, 1] });
  });

  it('is even when the total is even, and differs per axis', () => {
    expect(windowGeometry(windowNode('SAME'), 255, 256, k3s2)).toEqual({ out: [128, 128], pads: [1, 0, 1, 1] });
  });

  it('is never negative (1x1 kernel, stride 2)', () => {
    expect(windowGeometry(windowNode('SAME'), 8, 8, { kernel: [1, 1], strides: [2, 2], dilations: [1, 1] })).toEqual({ out: [4, 4], pads: [0, 0, 0, 0] });
  });

  it('VALID pads nothing and floors the output size', () => {
    expect(windowGeometry(windowNode('VALID'), 5, 5, { kernel: [2, 2], strides: [3, 3], dilations: [1, 1] })).toEqual({ out: [2, 2], pads: [0, 0, 0, 0] });
  });
});

describe('shapes and layouts', () => {
  it('resolve -1 in Reshape targets, keeping it when the batch is unknown', () => {
    expect(reshapeTarget([1, 16, 16, 32], [1, -1, 16])).toEqual([1, 512, 16]);
    expect(reshapeTarget([-1, 1, 1, 1404], [-1, 1404])).toEqual([-1, 1404]);
  });

  it('broadcast like NumPy', () => {
    expect(broadcastShape([-1, 8, 8, 3], [3])).toEqual([-1, 8, 8, 3]);
    expect(broadcastShape([1, 1, 3], [-1, 8, 8, 3])).toEqual([-1, 8, 8, 3]);
    expect(() => broadcastShape([2, 3], [4])).toThrow(/broadcast/);
  });

  it('lay a [1,1,C] Prelu slope out as [1,C,1,1] for NCHW', () => {
    const t = constToNchw({ dtype: 'float32', shape: [1, 1, 3], data: Float32Array.of(1, 2, 3) });
    expect(t.dims).toEqual([1, 3, 1, 1]);
    expect(Array.from(t.data)).toEqual([1, 2, 3]);
  });

  it('permute NHWC constants element by element', () => {
    // [1,1,2,2] NHWC: pixel 0 = (0,1), pixel 1 = (2,3) -> channel planes (0,2) and (1,3).
    const t = constToNchw({ dtype: 'float32', shape: [1, 1, 2, 2], data: Float32Array.of(0, 1, 2, 3) });
    expect(t.dims).toEqual([1, 2, 1, 2]);
    expect(Array.from(t.data)).toEqual([0, 2, 1, 3]);
  });

  it('strip the :0 of tensor names and refuse other outputs', () => {
    expect(tensorNode('Identity:0')).toBe('Identity');
    expect(tensorNode('global_pooling/Mean')).toBe('global_pooling/Mean');
    expect(() => tensorNode('split:1')).toThrow(/first output/);
  });
});

describe('model.json reading', () => {
  const sketch = new GraphSketch(1);
  const x = sketch.placeholder('x', [-1, 4]);
  sketch.op('y', 'Relu', [x]);
  const { json } = sketch.build({ x: 'x' }, { out: 'y' });

  it('finds the signature at the top level or under userDefinedMetadata', () => {
    const { signature, ...rest } = json;
    const nested: TfModelJson = { ...rest, userDefinedMetadata: { signature } };
    for (const model of [json, nested]) {
      const graph = buildGraph(model, new Map());
      expect(graph.inputs).toEqual([{ name: 'x', node: 'x', shape: [-1, 4] }]);
      expect(graph.outputs).toEqual([{ name: 'out', node: 'y' }]);
    }
  });

  it('rejects JSON that is not a graph model, naming the field', () => {
    expect(() => parseModelJson('{"modelTopology":{}}', 'bad.json')).toThrow(/bad\.json.*modelTopology\.node/);
  });

  it('names an unsupported op', () => {
    const s = new GraphSketch(2);
    s.op('z', 'Cumsum', [s.placeholder('x', [1, 4])]);
    const built = s.build({ x: 'x' }, { z: 'z' });
    expect(() => convertGraph(buildGraph(built.json, new Map()), INFO)).toThrow(/op Cumsum/);
  });
});

// One graph with every pitfall of the real models in a few nodes: an odd input size (uneven SAME
// padding at stride 2), a Pad on the channel axis, a fused Prelu with a [1,1,C] slope, float16
// weights, depthwise convs with multiplier 1 and 2, SAME max-pooling, a channel concat, a Reshape
// of an NCHW tensor, global mean pooling and a dense head with Softmax.
function pitfallGraph(): { json: TfModelJson; weights: Uint8Array } {
  const s = new GraphSketch(42);
  const same = { padding: tfAttr.s('SAME'), data_format: tfAttr.s('NHWC'), dilations: tfAttr.ints([1, 1, 1, 1]) };
  const x = s.placeholder('x', [-1, 5, 5, 2]);
  const conv = s.op('conv', '_FusedConv2D', [x, s.weights('conv/w', [3, 3, 2, 3], true), s.weights('conv/b', [3]), s.weights('conv/alpha', [1, 1, 3])], {
    ...same,
    strides: tfAttr.ints([1, 2, 2, 1]),
    fused_ops: tfAttr.strings(['BiasAdd', 'Prelu']),
    num_args: { i: '2' },
  });
  // Pads an NCHW-resident tensor: channels and, unevenly, height and width.
  const padded = s.op('pad', 'Pad', [conv, s.ints('pad/paddings', [4, 2], [0, 0, 1, 0, 0, 1, 0, 2])]);
  const dw = s.op('dw', 'DepthwiseConv2dNative', [padded, s.weights('dw/w', [3, 3, 5, 1], true)], { ...same, strides: tfAttr.ints([1, 1, 1, 1]) });
  const add = s.op('add', 'AddV2', [padded, dw]);
  const dw2 = s.op('dw2', 'DepthwiseConv2dNative', [add, s.weights('dw2/w', [3, 3, 5, 2])], { ...same, strides: tfAttr.ints([1, 1, 1, 1]) });
  const cat = s.op('cat', 'ConcatV2', [add, dw2, s.ints('cat/axis', [], [-1])], { N: { i: '2' } });
  const pool = s.op('pool', 'MaxPool', [cat], { ...same, ksize: tfAttr.ints([1, 2, 2, 1]), strides: tfAttr.ints([1, 2, 2, 1]) });
  s.op('flat', 'Reshape', [pool, s.ints('flat/shape', [2], [-1, 60])]);
  const valid = s.op('valid', 'Conv2D', [x, s.weights('valid/w', [2, 2, 2, 3])], { ...same, padding: tfAttr.s('VALID'), strides: tfAttr.ints([1, 3, 3, 1]) });
  const mean = s.op('mean', 'Mean', [valid, s.ints('mean/axes', [2], [1, 2])], { keep_dims: tfAttr.b(false) });
  const dense = s.op('dense', '_FusedMatMul', [mean, s.weights('dense/w', [3, 4]), s.weights('dense/b', [4])], {
    fused_ops: tfAttr.strings(['BiasAdd', 'Relu']),
    num_args: { i: '1' },
    transpose_a: tfAttr.b(false),
    transpose_b: tfAttr.b(false),
  });
  s.op('probs', 'Softmax', [dense]);
  return s.build({ x: 'x' }, { flat: 'flat', probs: 'probs', pool: 'pool' });
}

describe('a converted graph with every known pitfall', () => {
  it('computes what TF.js computes, with the same names and shapes', async () => {
    const { json, weights } = pitfallGraph();
    const graph = buildGraph(json, decodeWeights(json.weightsManifest.flatMap((g) => g.weights), weights));
    const model = convertGraph(graph, INFO);
    expect(model.outputs.map((o) => [o.name, o.shape])).toEqual([
      ['flat', [-1, 60]],
      ['probs', [-1, 4]],
      ['pool', [-1, 2, 2, 15]],
    ]);
    const session = await ort.InferenceSession.create(model.bytes);
    const tfModel = await loadTfjsModelFrom(json, weights);
    try {
      const shape = [2, 5, 5, 2];
      const input = uniformNoise(100, -1, 1, 7);
      const expected = runTfjs(tfModel, input, shape);
      const result = await session.run({ x: new ort.Tensor('float32', input, shape) });
      session.outputNames.forEach((name, i) => {
        const got = result[name];
        const want = expected[i];
        expect(got?.dims).toEqual(want?.shape);
        const a = Array.from(want?.data ?? []);
        const b = Array.from((got?.data as Float32Array | undefined) ?? []);
        expect(b.length).toBe(a.length);
        b.forEach((v, k) => expect(Math.abs(v - (a[k] ?? Number.NaN)), `${name}[${k}]`).toBeLessThan(1e-5));
      });
    } finally {
      await session.release();
      tfModel.dispose();
    }
  });
});
