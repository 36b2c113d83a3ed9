/**
 * Device profiles: which views and light sources a capture takes and which analysis the images
 * go to (DESIGN.md, Sync: device_v for the multi-light device, online_skin for a single camera).
 */
import { VIEWS } from '../../protocol/skin-api/api-codes.ts';
import type { ApiCode, LightSource, View } from '../../protocol/skin-api/api-codes.ts';
import { profileLights } from '../config/device-config.ts';
import type { DeviceConfig, ProfileKind } from '../config/device-config.ts';
import { missingCase } from '../../common/missing-case.ts';

export interface DeviceProfile {
  readonly kind: ProfileKind;
  /** Views in capture order. */
  readonly views: readonly View[];
  /** Light sources shot for every view, in order; white first. */
  readonly lights: readonly LightSource[];
  readonly apiCode: Extract<ApiCode, 'device_v' | 'online_skin'>;
}

/** The profile of a validated device configuration. */
export function deviceProfile(config: DeviceConfig): DeviceProfile {
  const configured = profileLights(config.profile);
  // White first: it is the required set and the one staff review first; the rest keep their order.
  const lights: LightSource[] = ['white', ...configured.filter((l) => l !== 'white')];
  switch (config.profile.kind) {
    case 'multi_light':
      return { kind: 'multi_light', views: VIEWS, lights, apiCode: 'device_v' };
    case 'single_camera':
      return { kind: 'single_camera', views: ['front'], lights: ['white'], apiCode: 'online_skin' };
    default:
      return missingCase(config.profile, 'profile');
  }
}

/** Every (view, light) image a complete capture of the profile holds. */
export function profileShots(profile: DeviceProfile): readonly { view: View; light: LightSource }[] {
  return profile.views.flatMap((view) => profile.lights.map((light) => ({ view, light })));
}
