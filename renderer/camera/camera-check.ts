/**
 * The Diagnostics tab's camera check for a unit whose camera is the renderer's own: main cannot
 * see that camera, so its check only says which kind is configured. The window opens the chosen
 * camera, checks that its track delivers, closes it and reports what it got (or why it got
 * nothing), so an unplugged or refused camera shows as a failed check instead of "Open".
 */
import type { UiMessage } from '../../main/kiosk-api/types.ts';
import { openCamera, type CameraChoice, type OpenedCamera } from './renderer-camera.ts';

export interface CameraCheck {
  readonly name: 'camera';
  readonly ok: boolean;
  readonly detail: UiMessage;
}

function message(key: UiMessage['key'], params: Record<string, string | number>, text: string): UiMessage {
  return { key, params, text };
}

export async function checkWindowCamera(choice: CameraChoice, open: (choice: CameraChoice) => Promise<OpenedCamera> = openCamera): Promise<CameraCheck> {
  let camera: OpenedCamera | null = null;
  try {
    camera = await open(choice);
    if (!camera.isLive()) throw new Error('the camera opened but its track ended at once');
    const label = camera.label || 'the camera';
    return { name: 'camera', ok: true, detail: message('diag.camera_window_ok', { detail: label, width: camera.width, height: camera.height }, `${label}: ${camera.width}x${camera.height}`) };
  } catch (error) {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { name: 'camera', ok: false, detail: message('diag.camera_window_failed', { detail }, detail) };
  } finally {
    camera?.close();
  }
}
