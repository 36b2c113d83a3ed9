import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimulatedCamera } from '../../../main/device/simulated-camera.ts';
import { SimulatedLightController } from '../../../main/device/simulated-lights.ts';
import type { LightSource, View } from '../../../protocol/skin-api/api-codes.ts';

/**
 * A folder of image files as a device would write them for `npm run session`: the simulated
 * camera under each light, named `<view>_<light>.jpg`. The caller removes it.
 */
export async function imageFolder(views: readonly View[], lights: readonly LightSource[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-cli-images-'));
  const controller = new SimulatedLightController();
  // 800x600: every view holds enough real detail to be analysed (helpers.ts deviceConfig).
  const camera = await new SimulatedCamera({ preview: { width: 640, height: 480 }, still: { width: 800, height: 600 }, jpegQuality: 90, litLight: () => controller.lit }).open();
  for (const view of views) {
    for (const light of lights) {
      await controller.setLight(light);
      writeFileSync(join(dir, `${view}_${light}.jpg`), (await camera.captureStill({ view, light })).jpeg);
    }
  }
  await camera.close();
  return dir;
}
