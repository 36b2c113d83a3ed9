// Lists every face vision/face finds in source photos, with its landmark box, interpupillary
// density and pose: how the crop boxes of test/fixtures/faces-real/manifest.ts were chosen
// (frontal-ish, |yaw| under about 20 degrees). npx tsx bench/vision-real/survey.ts <image> ...
import { readFileSync } from 'node:fs';
import { analyzeDetection, detectFaces } from '../../vision/face/index.ts';
import { decodeImage } from '../../vision/image/decode.ts';
import { IPD_MM, faceAxes } from '../../vision/skin/regions/geometry.ts';

for (const path of process.argv.slice(2)) {
  const image = await decodeImage(readFileSync(path));
  const detections = await detectFaces(image, { maxFaces: 20, minScore: 0.5 });
  console.log(`${path} ${image.width}x${image.height}: ${detections.length} faces`);
  for (const d of detections) {
    try {
      const a = await analyzeDetection(image, d);
      const b = a.landmarkBox;
      const p = a.pose;
      console.log(`  landmark box ${b.left.toFixed(0)},${b.top.toFixed(0)} ${b.width.toFixed(0)}x${b.height.toFixed(0)}  ${(faceAxes(a).ipd / IPD_MM).toFixed(2)} px/mm  yaw ${p.yaw.toFixed(0)} pitch ${p.pitch.toFixed(0)} roll ${p.roll.toFixed(0)}`);
    } catch (err) {
      console.log(`  box ${d.box.left.toFixed(0)},${d.box.top.toFixed(0)}: ${String(err)}`);
    }
  }
}
