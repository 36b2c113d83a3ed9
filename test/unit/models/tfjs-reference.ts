// Runs the original TF.js models as the reference the ONNX files are checked against. Uses the
// pure-JS 'cpu' backend: slow, but it needs no native build and is what TF.js computes everywhere.
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { parseModelJson } from '../../../models/convert/tfjs-model.ts';
import type { TfModelJson } from '../../../models/convert/tfjs-model.ts';

let backendReady: Promise<void> | undefined;

function useCpuBackend(): Promise<void> {
  backendReady ??= (async () => {
    // PROD silences the "install tfjs-node" banner; it changes no arithmetic.
    tf.env().set('PROD', true);
    await tf.setBackend('cpu');
    await tf.ready();
  })();
  return backendReady;
}

/** Loads model.json and its shards from disk through an IO handler (no fetch, no file:// URLs). */
export async function loadTfjsModel(jsonPath: string): Promise<tf.GraphModel> {
  const json = parseModelJson(readFileSync(jsonPath, 'utf8'), jsonPath);
  const dir = jsonPath.slice(0, jsonPath.lastIndexOf('/') + 1);
  const shards = json.weightsManifest.flatMap((g) => g.paths.map((p) => readFileSync(dir + p)));
  return loadTfjsModelFrom(json, Buffer.concat(shards));
}

/** Same, for a model held in memory (the converter tests build small graphs by hand). */
export async function loadTfjsModelFrom(json: TfModelJson, weights: Uint8Array): Promise<tf.GraphModel> {
  await useCpuBackend();
  const handler: tf.io.IOHandler = {
    load: () =>
      Promise.resolve({
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy ?? null,
        signature: json.signature,
        // Same JSON, typed looser by our schema (unknown values) than by TF.js ({} values).
        userDefinedMetadata: json.userDefinedMetadata as tf.io.ModelArtifacts['userDefinedMetadata'],
        weightSpecs: json.weightsManifest.flatMap((g) => g.weights) as tf.io.WeightsManifestEntry[],
        // A fresh copy: TF.js wants a plain ArrayBuffer holding exactly the weights.
        weightData: Uint8Array.from(weights).buffer,
      }),
  };
  return tf.loadGraphModel(handler);
}

export interface Output {
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

/** One execute() of the whole batch; outputs in TF.js order. */
export function runTfjs(model: tf.GraphModel, input: Float32Array, shape: readonly number[]): Output[] {
  return tf.tidy(() => {
    const result = model.execute(tf.tensor(input, [...shape], 'float32'));
    const list = Array.isArray(result) ? result : [result as tf.Tensor];
    return list.map((t) => ({ shape: t.shape, data: Float32Array.from(t.dataSync()) }));
  });
}
