// One model spec -> ONNX bytes, with the provenance written into the file's metadata. Shared by
// the CLI and the test that checks the committed files are exactly what this produces.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { convertGraph } from './convert.ts';
import type { ConvertedModel } from './convert.ts';
import { HUMAN_PACKAGE_DIR, sourceJsonPath } from './models.ts';
import type { ModelSpec } from './models.ts';
import { readTfjsModel } from './tfjs-model.ts';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function humanVersion(): string {
  const pkg: unknown = JSON.parse(readFileSync(join(HUMAN_PACKAGE_DIR, 'package.json'), 'utf8'));
  const version = typeof pkg === 'object' && pkg !== null && 'version' in pkg ? pkg.version : undefined;
  if (typeof version !== 'string') throw new Error('cannot read the version of @vladmandic/human');
  return version;
}

export function buildModel(spec: ModelSpec, version = humanVersion()): ConvertedModel {
  const jsonPath = sourceJsonPath(spec);
  const graph = readTfjsModel(jsonPath);
  const binPath = jsonPath.replace(/\.json$/, '.bin');
  return convertGraph(graph, {
    graphName: spec.id,
    producerVersion: '1',
    docString: `${spec.summary}. Converted from @vladmandic/human ${version} models/${spec.sourceJson}. Input NHWC float32 in [${spec.inputRange.join(', ')}].`,
    metadata: {
      source_package: `@vladmandic/human@${version}`,
      source_model: `models/${spec.sourceJson}`,
      source_json_sha256: sha256(readFileSync(jsonPath)),
      source_bin_sha256: sha256(readFileSync(binPath)),
      source_generated_by: graph.producer.generatedBy ?? '',
      upstream: spec.upstream,
      licence: spec.licence,
      input_layout: 'NHWC',
      input_range: spec.inputRange.join(','),
    },
  });
}
