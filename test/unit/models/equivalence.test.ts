// The ONNX files in models/ must compute what the TF.js models they came from compute: same input
// name and layout (NHWC), same output names, order and shapes, and every output element within
// 1e-3 (absolute) of TF.js on real faces and on noise. Not bit-equal: the two runtimes sum in
// different orders, which costs a few float32 ulps per element.
// One exception, explained in models/README.md ("Equivalence with TF.js"): BlazeFace's score
// logits reach about -1000 on background anchors, where the head's large weights turn the
// runtimes' float32 rounding (a few ulps in the features) into 1.2e-3. The detector clips those
// logits to +-LOGIT_CLIP before the sigmoid (as MediaPipe does), so they are compared after the
// same clip: within the range that reaches a score, 1e-3 absolute holds for them too.
import * as ort from 'onnxruntime-node';
import { afterAll, describe, expect, it } from 'vitest';
import { MODELS, onnxPath, sourceJsonPath } from '../../../models/convert/models.ts';
import type { ModelId, ModelSpec } from '../../../models/convert/models.ts';
import { LOGIT_CLIP } from '../../../vision/face/detector.ts';
import { FACE_FIXTURES } from '../../fixtures/faces/manifest.ts';
import { concat, fixtureInput, randomInput } from './inputs.ts';
import { loadTfjsModel, runTfjs } from './tfjs-reference.ts';
import type { Output } from './tfjs-reference.ts';

const ATOL = 1e-3;
// TF.js on the pure-JS backend needs seconds per FaceRes image on two cores.
const TIMEOUT_MS = 120_000;

interface Sample {
  readonly label: string;
  readonly data: Float32Array;
}

interface Contract {
  readonly input: { readonly name: string; readonly size: number; readonly fixedBatch: boolean };
  /**
   * 'batch' marks the dimension that follows the input batch. `clip`: score logits, compared
   * after the decoder's clip to +-clip (see the header).
   */
  readonly outputs: readonly { readonly name: string; readonly shape: readonly (number | 'batch')[]; readonly clip?: number }[];
  readonly samples: (spec: ModelSpec) => Promise<Sample[]>;
}

function fixture(file: string): (typeof FACE_FIXTURES)[number] {
  const f = FACE_FIXTURES.find((x) => x.file === file);
  if (!f) throw new Error(`fixture ${file} missing from manifest`);
  return f;
}

const astronaut = fixture('astronaut-frontal.jpg');
const [leftEye, rightEye] = astronaut.eyes ?? [];

async function faceSamples(spec: ModelSpec, size: number, files: readonly string[], seed: number): Promise<Sample[]> {
  const real = await Promise.all(files.map(async (file) => ({ label: file, data: await fixtureInput(spec, file, size) })));
  return [...real, { label: `noise seed ${seed}`, data: randomInput(spec, size * size * 3, seed) }];
}

const CONTRACTS: Readonly<Record<ModelId, Contract>> = {
  blazeface: {
    input: { name: 'input', size: 256, fixedBatch: true },
    outputs: [
      { name: 'Identity_3', shape: [1, 384, 16] },
      { name: 'Identity', shape: [1, 512, 1], clip: LOGIT_CLIP },
      { name: 'Identity_1', shape: [1, 384, 1], clip: LOGIT_CLIP },
      { name: 'Identity_2', shape: [1, 512, 16] },
    ],
    samples: (spec) => faceSamples(spec, 256, ['astronaut-frontal.jpg', 'group-sample6.jpg'], 1),
  },
  facemesh: {
    input: { name: 'input_1', size: 192, fixedBatch: false },
    outputs: [
      { name: 'output_mesh', shape: ['batch', 1404] },
      { name: 'output_faceflag', shape: ['batch', 1] },
      { name: 'output_contours', shape: ['batch', 266] },
    ],
    samples: (spec) => faceSamples(spec, 192, ['astronaut-frontal.jpg', 'sample1-tilted.jpg'], 2),
  },
  iris: {
    input: { name: 'input_1', size: 64, fixedBatch: false },
    outputs: [{ name: 'Identity', shape: ['batch', 1, 1, 228] }],
    samples: async (spec) => {
      if (!leftEye || !rightEye) throw new Error('astronaut fixture has no eye boxes');
      return [
        { label: 'astronaut left eye', data: await fixtureInput(spec, astronaut.file, 64, leftEye) },
        { label: 'astronaut right eye', data: await fixtureInput(spec, astronaut.file, 64, rightEye) },
        { label: 'noise seed 3', data: randomInput(spec, 64 * 64 * 3, 3) },
      ];
    },
  },
  faceres: {
    input: { name: 'input_1', size: 224, fixedBatch: false },
    outputs: [
      { name: 'gender_pred/Sigmoid', shape: ['batch', 1] },
      { name: 'global_pooling/Mean', shape: ['batch', 1024] },
      { name: 'age_pred/Softmax', shape: ['batch', 100] },
    ],
    samples: (spec) => faceSamples(spec, 224, ['sample6-frontal.jpg', 'astronaut-frontal.jpg'], 4),
  },
};

interface Difference {
  readonly maxAbs: number;
  /** The reference value where maxAbs occurred. */
  readonly at: number;
}

function compare(reference: Float32Array, actual: Float32Array, clip = Number.POSITIVE_INFINITY): Difference {
  const bounded = (v: number): number => Math.min(clip, Math.max(-clip, v));
  let maxAbs = 0;
  let at = 0;
  for (let i = 0; i < reference.length; i++) {
    const ref = reference[i] ?? Number.NaN;
    const diff = Math.abs(bounded(ref) - bounded(actual[i] ?? Number.NaN));
    // NaN fails every comparison, so it must be caught explicitly.
    if (Number.isNaN(diff)) return { maxAbs: Number.NaN, at: ref };
    if (diff > maxAbs) {
      maxAbs = diff;
      at = ref;
    }
  }
  return { maxAbs, at };
}

async function runOnnx(session: ort.InferenceSession, inputName: string, data: Float32Array, shape: readonly number[]): Promise<Output[]> {
  const result = await session.run({ [inputName]: new ort.Tensor('float32', data, [...shape]) });
  return session.outputNames.map((name) => {
    const t = result[name];
    if (!t || !(t.data instanceof Float32Array)) throw new Error(`output ${name} missing or not float32`);
    return { shape: t.dims, data: t.data };
  });
}

const report: string[] = [];
afterAll(() => {
  if (report.length) console.info(`ONNX vs TF.js (bound ${ATOL} absolute; score logits clipped to +-${LOGIT_CLIP}):\n${report.join('\n')}`);
});

describe.each(MODELS.map((spec) => [spec.id, spec] as const))('%s.onnx', (id, spec) => {
  const contract = CONTRACTS[id];

  it('keeps the TF.js input and output names, order and shapes', async () => {
    const session = await ort.InferenceSession.create(onnxPath(spec));
    try {
      expect(session.inputNames).toEqual([contract.input.name]);
      expect(session.outputNames).toEqual(contract.outputs.map((o) => o.name));
      const tfModel = await loadTfjsModel(sourceJsonPath(spec));
      expect(tfModel.inputs.map((i) => i.name)).toEqual([contract.input.name]);
      expect(tfModel.outputs).toHaveLength(contract.outputs.length);
    } finally {
      await session.release();
    }
  });

  it(
    'matches TF.js within 1e-3 absolute on real face crops and seeded noise',
    async () => {
      const [session, tfModel, samples] = await Promise.all([ort.InferenceSession.create(onnxPath(spec)), loadTfjsModel(sourceJsonPath(spec)), contract.samples(spec)]);
      const size = contract.input.size;
      // Batched models run all samples in one call, which also exercises the dynamic batch.
      const batches = contract.input.fixedBatch ? samples.map((s) => [s]) : [samples];
      let worstAbs = 0;
      try {
        for (const batch of batches) {
          const shape = [batch.length, size, size, 3];
          const input = concat(batch.map((s) => s.data));
          const expected = runTfjs(tfModel, input, shape);
          const actual = await runOnnx(session, contract.input.name, input, shape);
          expect(actual).toHaveLength(contract.outputs.length);
          contract.outputs.forEach((o, i) => {
            const want = expected[i];
            const got = actual[i];
            if (!want || !got) throw new Error(`output ${o.name} missing`);
            expect(got.shape, o.name).toEqual(o.shape.map((d) => (d === 'batch' ? batch.length : d)));
            expect(got.shape, o.name).toEqual(want.shape);
            const diff = compare(want.data, got.data, o.clip);
            worstAbs = Math.max(worstAbs, diff.maxAbs);
            expect(diff.maxAbs, `${o.name} on ${batch.map((s) => s.label).join(', ')}: max |diff| ${diff.maxAbs} at ${diff.at}`).toBeLessThanOrEqual(ATOL);
          });
        }
      } finally {
        await session.release();
        tfModel.dispose();
      }
      report.push(`  ${id}: max |diff| ${worstAbs.toExponential(2)}, ${samples.length} inputs`);
    },
    TIMEOUT_MS,
  );
});
