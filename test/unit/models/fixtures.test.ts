// The face fixtures are what their manifest says: small JPEGs that the converted detectors see as
// faces. Later vision tests rely on that, so a bad crop or a broken preprocessing contract fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELS, onnxPath } from '../../../models/convert/models.ts';
import type { ModelId, ModelSpec } from '../../../models/convert/models.ts';
import { FACE_FIXTURES } from '../../fixtures/faces/manifest.ts';
import { FIXTURE_DIR, fixtureInput, randomInput } from './inputs.ts';

function spec(id: ModelId): ModelSpec {
  const s = MODELS.find((m) => m.id === id);
  if (!s) throw new Error(`model ${id} missing`);
  return s;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

describe('face fixtures', () => {
  it.each(FACE_FIXTURES.map((f) => [f.file, f] as const))('%s is a JPEG of 256 to 640 px under 100 KB', async (file) => {
    const bytes = readFileSync(join(FIXTURE_DIR, file));
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeGreaterThanOrEqual(256);
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(640);
    expect(bytes.length).toBeLessThan(100 * 1024);
  });

  it('include frontal single faces and images with several faces', () => {
    expect(FACE_FIXTURES.filter((f) => f.pose === 'frontal' && f.faces === 1).length).toBeGreaterThanOrEqual(1);
    expect(FACE_FIXTURES.filter((f) => f.faces > 1).length).toBeGreaterThanOrEqual(1);
  });
});

describe('converted models on the fixtures', () => {
  const sessions = new Map<ModelId, ort.InferenceSession>();
  beforeAll(async () => {
    for (const id of ['blazeface', 'facemesh'] as const) sessions.set(id, await ort.InferenceSession.create(onnxPath(spec(id))));
  });
  afterAll(async () => {
    for (const s of sessions.values()) await s.release();
  });

  async function bestBlazefaceScore(data: Float32Array): Promise<number> {
    const session = sessions.get('blazeface');
    if (!session) throw new Error('no session');
    const out = await session.run({ input: new ort.Tensor('float32', data, [1, 256, 256, 3]) });
    const logits = [...(out['Identity']?.data as Float32Array), ...(out['Identity_1']?.data as Float32Array)];
    return sigmoid(Math.max(...logits));
  }

  async function faceFlag(data: Float32Array): Promise<number> {
    const session = sessions.get('facemesh');
    if (!session) throw new Error('no session');
    const out = await session.run({ input_1: new ort.Tensor('float32', data, [1, 192, 192, 3]) });
    return (out['output_faceflag']?.data as Float32Array)[0] ?? Number.NaN;
  }

  it.each(FACE_FIXTURES.map((f) => [f.file] as const))('BlazeFace finds a face in %s', async (file) => {
    expect(await bestBlazefaceScore(await fixtureInput(spec('blazeface'), file, 256))).toBeGreaterThan(0.5);
  });

  it.each(FACE_FIXTURES.filter((f) => f.faces === 1).map((f) => [f.file] as const))('FaceMesh scores %s as a face crop', async (file) => {
    expect(await faceFlag(await fixtureInput(spec('facemesh'), file, 192))).toBeGreaterThan(0.9);
  });

  it('neither model sees a face in noise', async () => {
    expect(await bestBlazefaceScore(randomInput(spec('blazeface'), 256 * 256 * 3, 11))).toBeLessThan(0.5);
    expect(await faceFlag(randomInput(spec('facemesh'), 192 * 192 * 3, 12))).toBeLessThan(0.5);
  });
});
