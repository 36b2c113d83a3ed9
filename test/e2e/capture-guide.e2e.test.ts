/**
 * The oval and the size rules agree on a 16:9 USB camera (issue 16 item 4, D-060): Chromium's fake
 * camera plays a 1280×720 picture of a frontal face placed exactly where the test wants it. A face
 * filling the oval is never asked to come closer, move back or centre; a face too small for it is
 * asked closer, and after autoCapture.helpAfterMs (3 s here, 20 s in a store) without progress the
 * capture screen says which rule is not met, with the face's measured width, and offers staff help.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceBoxFillingOval, faceTarget, OVAL_ASPECT, type FrameShape } from '../../common/capture/face-target.ts';
import { guidanceConfigSchema } from '../../main/config/guidance-config.ts';
import { analyzeFace } from '../../vision/face/index.ts';
import { decodeImage } from '../../vision/image/index.ts';
import { kioskPage, launchChromium } from './helpers/browser.ts';
import { discardSession, screen, startCustomerCapture } from './helpers/flows.ts';
import { startKioskHost, type KioskHost } from './helpers/kiosk-host.ts';
import { rotate, shootBoth } from './helpers/screens.ts';
import { writePlacedFaceY4m, type PixelBox } from './helpers/y4m.ts';

const FACE = fileURLToPath(new URL('../fixtures/faces/astronaut-frontal.jpg', import.meta.url));
/** The USB camera: 16:9. Main checks its preview within 640×480, keeping the aspect ratio: 640×360. */
const CAMERA: FrameShape = { width: 1280, height: 720 };
const CHECKED: FrameShape = { width: 640, height: 360 };
const STILL = { width: 1280, height: 720 };
const HELP_AFTER_MS = 3000;
const CONFIG = {
  device: { profile: { kind: 'single_camera' }, camera: { kind: 'renderer', still: STILL }, lightController: { kind: 'none' } },
  autoCapture: { helpAfterMs: HELP_AFTER_MS },
};
const SIZE_RULES = ['move_closer', 'move_back', 'centre_face'];

/** The target main computes for this camera with the default rules, in camera pixels. */
const target = faceTarget(CHECKED, guidanceConfigSchema.parse({}), STILL.width);

interface Camera {
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/** A Chromium whose fake camera shows the fixture's face with its landmark box at `box` (camera pixels). */
async function cameraShowing(faceBox: PixelBox, box: PixelBox): Promise<Camera> {
  const video = join(mkdtempSync(join(tmpdir(), 'kiosk-y4m-')), 'face.y4m');
  await writePlacedFaceY4m(FACE, faceBox, box, video, CAMERA.width, CAMERA.height);
  const browser = await launchChromium({ fakeVideo: video });
  const { context, page } = await kioskPage(browser, 'portrait');
  return { browser, context, page };
}

/** The preview's box and the oval's, as the screen lays them out. */
async function onScreen(page: Page): Promise<{ preview: number; oval: number }> {
  const ratio = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width / r.height;
  };
  await page.locator('[data-testid="guide-oval"]').waitFor({ timeout: 30_000 });
  return {
    preview: await page.locator('[data-testid="capture-preview"]').evaluate(ratio),
    oval: await page.locator('[data-testid="guide-oval"]').evaluate(ratio),
  };
}

describe('face guide on a 16:9 camera (D-060)', () => {
  let host: KioskHost;
  /** The fixture face's landmark box, measured with the kiosk's own face models. */
  let faceBox: PixelBox;
  const cameras: Camera[] = [];

  beforeAll(async () => {
    const face = await analyzeFace(await decodeImage(readFileSync(FACE)));
    faceBox = face.landmarkBox;
    host = await startKioskHost({ config: CONFIG });
  });

  afterAll(async () => {
    for (const camera of cameras) {
      await camera.context.close().catch(() => undefined);
      await camera.browser.close();
    }
    await host?.stop();
  });

  it('draws the oval with a head’s proportions in portrait and landscape, and a face filling it passes the size and centre rules and is captured without staff', async () => {
    // The bare face at 0.85 of the oval's width, as a customer fills it.
    const scale = CAMERA.width / CHECKED.width;
    const fill = faceBoxFillingOval(target, CHECKED, 0.85);
    const camera = await cameraShowing(faceBox, { left: fill.left * scale, top: fill.top * scale, width: fill.width * scale, height: fill.height * scale });
    cameras.push(camera);
    const { page } = camera;
    await startCustomerCapture(page, host.url, { name: 'Oval Customer', phone: '98761001' });
    for (const orientation of ['portrait', 'landscape'] as const) {
      await rotate(page, orientation);
      const shape = await onScreen(page);
      expect(shape.preview).toBeCloseTo(16 / 9, 1);
      expect(shape.oval).toBeCloseTo(OVAL_ASPECT, 1);
    }
    await rotate(page, 'portrait');
    // Every answer of main's check until the capture takes the photo by itself: a face, and never
    // a size or centre rule on the way.
    const seen = new Set<string>();
    const review = screen(page, 'review');
    let pictured = false;
    const until = Date.now() + 60_000;
    while (Date.now() < until && (await review.count()) === 0) {
      const issue = await page.locator('[data-testid="guidance"]').getAttribute('data-issue', { timeout: 1000 }).catch(() => null);
      if (issue) seen.add(issue);
      if (!pictured && (await page.locator('[data-testid="face-guide"] rect').count()) > 0) {
        await shootBoth(page, 'capture-oval-16x9', 'en');
        pictured = true;
      }
      await page.waitForTimeout(150);
    }
    console.log(`face filling the oval: guidance ${[...seen].join(', ')}`);
    expect([...seen].filter((issue) => SIZE_RULES.includes(issue))).toEqual([]);
    expect(seen.has('no_face')).toBe(false);
    // Captured without staff: the review screen, no help panel on the way.
    await review.waitFor({ timeout: 1000 });
    // The kiosk has one device: the next customer's session needs this one ended.
    await discardSession(page);
    await screen(page, 'idle').waitFor({ timeout: 30_000 });
    await camera.context.close();
  });

  it('after the configured wait without progress names the rule, the face’s width against the range, and offers staff help', async () => {
    // A face at a third of the oval's width, its hair well inside it too: "come closer", and
    // nothing the customer does changes it.
    const scale = CAMERA.width / CHECKED.width;
    const small = faceBoxFillingOval(target, CHECKED, 0.35);
    const camera = await cameraShowing(faceBox, { left: small.left * scale, top: small.top * scale, width: small.width * scale, height: small.height * scale });
    cameras.push(camera);
    const { page } = camera;
    // The range main reads back from the oval: on 16:9 the oval is as tall as the frame allows.
    const min = Math.round(target.minFaceRatio * 100);
    const max = Math.round(target.maxFaceRatio * 100);
    expect([min, max]).toEqual([24, 60]);
    const texts = {
      en: { why: 'Your face looks too small to the camera: come closer until your face fills the oval.', measure: new RegExp(`^Your face takes (\\d+)% of the picture’s width; the photo needs ${min}% to ${max}%\\.$`) },
      'zh-Hans': { why: '您的脸在镜头中太小：请靠近，直到脸部填满椭圆框。', measure: new RegExp(`^您的脸占画面宽度的 (\\d+)%；拍照需要 ${min}% 至 ${max}%。$`) },
    } as const;
    for (const lang of ['en', 'zh-Hans'] as const) {
      await startCustomerCapture(page, host.withQuery(`?lang=${lang}`), { name: `Small Face ${lang}`, phone: lang === 'en' ? '98761002' : '98761003' }, lang);
      // Main's first checked frame comes after this: its no-progress clock starts later still.
      const since = Date.now();
      const guidance = page.locator('[data-testid="guidance"]');
      await expect.poll(() => guidance.getAttribute('data-issue'), { timeout: 30_000 }).toBe('move_closer');
      const help = page.locator('[data-testid="stuck-help"]');
      await help.waitFor({ timeout: 30_000 });
      // Not before the configured wait (main counts from its first frame without progress).
      expect(Date.now() - since).toBeGreaterThanOrEqual(HELP_AFTER_MS);
      expect(await help.getAttribute('data-issue')).toBe('move_closer');
      expect(await page.locator('[data-testid="stuck-why"]').textContent()).toBe(texts[lang].why);
      const measure = texts[lang].measure.exec((await page.locator('[data-testid="stuck-measure"]').textContent()) ?? '');
      expect(measure).not.toBeNull();
      // The face was placed at 0.35 of the oval's width (0.396 of the picture): about 14 %.
      expect(Number(measure![1])).toBeGreaterThanOrEqual(11);
      expect(Number(measure![1])).toBeLessThanOrEqual(17);
      // Staff help is inside the panel: the staff PIN's "capture now".
      expect(await help.locator('[data-testid="capture-now"]').count()).toBe(1);
      await shootBoth(page, 'capture-help', lang);
      await discardSession(page);
      await screen(page, 'idle').waitFor({ timeout: 30_000 });
    }
  });
});
