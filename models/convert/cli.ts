// Converts the face models of @vladmandic/human to ONNX.
//   npx tsx models/convert/cli.ts                 all models into models/
//   npx tsx models/convert/cli.ts iris --out DIR  one model elsewhere
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { buildModel, humanVersion, sha256 } from './build.ts';
import { MODELS, MODELS_DIR, onnxPath } from './models.ts';
import type { OnnxIo } from './onnx-graph.ts';

function describe(io: readonly OnnxIo[]): string {
  return io.map((t) => `${t.name} [${t.shape.map((d) => (d < 0 ? 'batch' : d)).join(',')}]`).join(', ');
}

function main(): void {
  const { values, positionals } = parseArgs({ options: { out: { type: 'string', default: MODELS_DIR } }, allowPositionals: true });
  const unknown = positionals.filter((p) => !MODELS.some((m) => m.id === p));
  if (unknown.length) throw new Error(`unknown model(s) ${unknown.join(', ')}; known: ${MODELS.map((m) => m.id).join(', ')}`);
  const selected = positionals.length ? MODELS.filter((m) => positionals.includes(m.id)) : MODELS;
  mkdirSync(values.out, { recursive: true });
  const version = humanVersion();
  for (const spec of selected) {
    const model = buildModel(spec, version);
    const out = onnxPath(spec, values.out);
    writeFileSync(out, model.bytes);
    const ops = Object.entries(model.opCounts).map(([op, n]) => `${op}x${n}`);
    console.log(`${basename(out)}  ${(model.bytes.length / 1024).toFixed(0)} KB  sha256 ${sha256(model.bytes)}`);
    console.log(`  in:  ${describe(model.inputs)}`);
    console.log(`  out: ${describe(model.outputs)}`);
    console.log(`  ops: ${ops.join(' ')}`);
  }
}

main();
