/** The helper thread of crop-helper.ts: makes the crops of each batch it is sent (crop-batch.ts). */
import { parentPort } from 'node:worker_threads';
import { makeFreeCrops, type CropBatch } from './crop-batch.ts';

const port = parentPort;
if (!port) throw new Error('crop-worker runs as a worker thread');
port.on('message', (batch: CropBatch) => makeFreeCrops(batch));
// Loaded: CropHelper.start() resolves.
port.postMessage('ready');
