import { parentPort, workerData } from 'node:worker_threads';
import { resultKindOf } from '../../protocol/skin-api/api-codes.ts';
import { useDefaultModelDir } from '../../vision/face/index.ts';
import { workerSetupSchema, type JobRequest, type JobResponse, type JobResult, type StopRequest } from './job-types.ts';
import { detectFacePose, detectFacialAttributes, facePoseTask, facialAnalysisTask } from './jobs/face-jobs.ts';
import { jobErrorOf } from './jobs/job-errors.ts';
import { detectSkin, skinViewJob } from './jobs/skin-jobs.ts';

/** One analysis worker thread: runs the jobs the pool sends, one at a time. */
async function run(request: JobRequest): Promise<JobResult> {
  switch (request.kind) {
    case 'skin_view':
      return skinViewJob(request.payload);
    case 'detect_skin':
      return detectSkin(request.payload.bytes);
    case 'detect_face_pose':
      return detectFacePose(request.payload.bytes);
    case 'detect_facial_attributes':
      return detectFacialAttributes(request.payload.bytes);
    case 'task':
      // Skin tasks arrive as skin_view jobs, one per view (dispatcher.ts).
      switch (resultKindOf(request.payload.api_code)) {
        case 'skin':
          throw new Error('skin tasks run as skin_view jobs');
        case 'face_pose':
          return facePoseTask(request.payload);
        case 'facial_analysis':
          return facialAnalysisTask(request.payload);
      }
  }
}

function transferables(result: JobResult): ArrayBuffer[] {
  return result.files.map((file) => file.bytes.buffer as ArrayBuffer);
}

const port = parentPort;
if (!port) throw new Error('analysis-worker runs as a worker thread');
// Before any job: the jobs use the process-wide face models (a packaged app's are in resources/models).
const setup = workerSetupSchema.parse(workerData ?? {});
if (setup.modelDir) useDefaultModelDir(setup.modelDir);
let running = 0;
let stopping = false;
// Exiting between jobs is safe; a terminate() during a model run would abort the process.
const exitIfStopping = (): void => {
  if (stopping && running === 0) process.exit(0);
};
port.on('message', (message: JobRequest | StopRequest) => {
  if ('stop' in message) {
    stopping = true;
    return exitIfStopping();
  }
  running += 1;
  run(message)
    .then(
      (result) => port.postMessage({ id: message.id, ok: true, result } satisfies JobResponse, transferables(result)),
      (error: unknown) => port.postMessage({ id: message.id, ok: false, error: jobErrorOf(error) } satisfies JobResponse),
    )
    .finally(() => {
      running -= 1;
      exitIfStopping();
    });
});
port.postMessage({ ready: true });
