// Model sessions load lazily from the repository's models/ folder or a given one; a missing file is
// a typed ModelLoadError (the face check is down, the app is not), and is retried on the next call.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelLoadError } from '../../../vision/face/errors.ts';
import { DEFAULT_MODEL_DIR, defaultFaceModels, FaceModels, useDefaultModelDir } from '../../../vision/face/models.ts';

describe('FaceModels', () => {
  it('resolves the repository models/ folder by default', () => {
    expect(DEFAULT_MODEL_DIR.replace(/\/$/, '')).toMatch(/\/models$/);
    expect(new FaceModels().modelDir).toBe(DEFAULT_MODEL_DIR);
  });

  it('runs a model with one intra-op thread and spinning off', async () => {
    const models = new FaceModels({ intraOpNumThreads: 1, allowSpinning: false });
    const out = await models.run('facemesh', new Float32Array(192 * 192 * 3).fill(0.5), [1, 192, 192, 3]);
    expect(out['output_mesh']!.dims).toEqual([1, 1404]);
    expect(out['output_faceflag']!.data[0]).toBeLessThan(0.5);
    await models.release();
  });

  it('fails with ModelLoadError naming the model when its file is missing, and tries again next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-models-'));
    try {
      const models = new FaceModels({ modelDir: dir });
      const input = new Float32Array(256 * 256 * 3);
      const first = await models.run('blazeface', input, [1, 256, 256, 3]).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(ModelLoadError);
      expect(first).toMatchObject({ model: 'blazeface', code: 'model_unavailable' });
      await expect(models.run('blazeface', input, [1, 256, 256, 3])).rejects.toBeInstanceOf(ModelLoadError);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('points the process-wide models at another folder before they are used, and refuses to switch once they are', () => {
    // A packaged app's models are in resources/models (D-044); this file's process is its own (vitest forks).
    const dir = mkdtempSync(join(tmpdir(), 'packaged-models-'));
    try {
      useDefaultModelDir(dir);
      expect(defaultFaceModels().modelDir).toBe(dir);
      useDefaultModelDir(dir);
      expect(() => useDefaultModelDir(DEFAULT_MODEL_DIR)).toThrow(/already in use/);
      expect(defaultFaceModels().modelDir).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
