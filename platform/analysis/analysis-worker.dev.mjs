// Development and test entry of the analysis worker: the sources are TypeScript, and a worker
// thread does not inherit tsx's loader from `--import` on Node 20, so load them through tsx's API.
// The packaged app compiles analysis-worker.ts to JavaScript and starts that file directly.
import { tsImport } from 'tsx/esm/api';

await tsImport('./analysis-worker.ts', import.meta.url);
