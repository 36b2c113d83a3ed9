/**
 * Where the kiosk's own files are, from sources, from a build and in a packaged app
 * (docs/packaging.md, "What goes where").
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the kiosk's package.json and renderer/dist: the repository when main runs
 * from its sources (main/*.ts), the folder above dist/ when it runs compiled (dist/main/*.js): a
 * working tree after `npm run build`, or a packaged app's resources/app.asar. This file sits
 * directly in main/, so that is one step up from its source and two from its build.
 */
export const APP_ROOT = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '..' : '../..', import.meta.url));

/**
 * The ONNX models of a packaged app: electron-builder's extraResources put them in
 * resources/models, outside the asar (D-044). `resourcesPath` is Electron's process.resourcesPath.
 */
export function packagedModelDir(resourcesPath: string): string {
  return join(resourcesPath, 'models');
}
