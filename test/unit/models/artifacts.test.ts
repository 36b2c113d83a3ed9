// The committed model files are the ones documented and the ones the converter makes: their
// sha256 is listed in models/README.md, and regenerating them from node_modules gives the same
// bytes (the writer puts no timestamps in them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildModel, sha256 } from '../../../models/convert/build.ts';
import { MODELS, MODELS_DIR, onnxPath } from '../../../models/convert/models.ts';

/** The checksum block of models/README.md, in `sha256sum` format so `sha256sum -c` can read it too. */
function readmeChecksums(): Map<string, string> {
  const text = readFileSync(join(MODELS_DIR, 'README.md'), 'utf8');
  return new Map([...text.matchAll(/^([0-9a-f]{64}) {2}(\S+\.onnx)$/gm)].map((m) => [m[2] ?? '', m[1] ?? '']));
}

describe('models/*.onnx', () => {
  it('are listed in models/README.md with the sha256 of the committed files', () => {
    const listed = readmeChecksums();
    expect([...listed.keys()].sort()).toEqual(MODELS.map((m) => m.onnxFile).sort());
    for (const spec of MODELS) expect(sha256(readFileSync(onnxPath(spec))), spec.onnxFile).toBe(listed.get(spec.onnxFile));
  });

  it.each(MODELS.map((m) => [m.onnxFile, m] as const))('%s is reproduced byte for byte by the converter', (_file, spec) => {
    expect(sha256(buildModel(spec).bytes)).toBe(sha256(readFileSync(onnxPath(spec))));
  });
});
