/**
 * The device configuration a technician sets up: which profile the unit is, which camera feeds
 * it and how its light controller is driven (docs/kiosk-core.md, "Device profiles" and "Light
 * serial protocol"). Every field has a default, so `{}` is a fully simulated multi-light unit.
 */
import { z } from 'zod';
import { LIGHT_SOURCES, LIGHTS_NEEDING_CROSS_POLAR, lightSourceSchema } from '../../protocol/skin-api/api-codes.ts';
import type { LightSource } from '../../protocol/skin-api/api-codes.ts';

export const PROFILE_KINDS = ['multi_light', 'single_camera'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

const profileSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('multi_light'),
    /** The light sources this unit has, in capture order; white is required (spec rule 1). */
    lights: z.array(lightSourceSchema).min(1).default([...LIGHT_SOURCES]),
  }),
  z.object({ kind: z.literal('single_camera') }),
]);
export type ProfileConfig = z.infer<typeof profileSchema>;

const sizeSchema = z.object({
  width: z.number().int().min(16).max(8192),
  height: z.number().int().min(16).max(8192),
});
export type ImageSize = z.infer<typeof sizeSchema>;

const cameraSchema = z.discriminatedUnion('kind', [
  z.object({
    /** Serves the face fixtures with each light synthesised (docs/kiosk-core.md, "Simulation"). */
    kind: z.literal('simulated'),
    preview: sizeSchema.prefault({ width: 640, height: 480 }),
    /** 4000x3000 reproduces the real 12-MP stills for benchmarks; smaller keeps tests fast. */
    still: sizeSchema.prefault({ width: 1600, height: 1200 }),
    jpegQuality: z.number().int().min(1).max(100).default(90),
    /** Where the face photos are; default: the repository's test/fixtures/faces. */
    facesDir: z.string().min(1).optional(),
  }),
  z.object({
    /** A real camera, opened by the renderer with getUserMedia (issue 8). */
    kind: z.literal('renderer'),
    /** MediaDeviceInfo.deviceId of the chosen camera; absent = the first one found. */
    deviceId: z.string().min(1).optional(),
    preview: sizeSchema.prefault({ width: 640, height: 480 }),
    still: sizeSchema.prefault({ width: 4000, height: 3000 }),
    jpegQuality: z.number().int().min(1).max(100).default(95),
  }),
]);
export type CameraConfig = z.infer<typeof cameraSchema>;

export const LINE_ENDINGS = ['\r\n', '\n', '\r', ''] as const;

const serialLightsSchema = z.object({
  kind: z.literal('serial'),
  /** e.g. /dev/ttyUSB0, /dev/serial/by-id/..., COM3. */
  path: z.string().min(1),
  baudRate: z.number().int().min(300).max(4_000_000).default(9600),
  /** The ASCII command that switches each light on (and every other off). */
  commands: z.partialRecord(lightSourceSchema, z.string().min(1).max(64)),
  offCommand: z.string().min(1).max(64).default('OFF'),
  lineEnding: z.enum(LINE_ENDINGS).default('\r\n'),
  /** Time the lamp needs to reach steady output after the command, before a still is taken. */
  settleMs: z.number().int().min(0).max(5000).default(150),
  /** A write (and drain) slower than this means the controller hangs. */
  writeTimeoutMs: z.number().int().min(50).max(30_000).default(1000),
});
export type SerialLightsConfig = z.infer<typeof serialLightsSchema>;

const lightControllerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('simulated'), settleMs: z.number().int().min(0).max(5000).default(0) }),
  serialLightsSchema,
  /** Room light only (single-camera units). */
  z.object({ kind: z.literal('none') }),
]);
export type LightControllerConfig = z.infer<typeof lightControllerSchema>;

export const deviceConfigSchema = z
  .object({
    /** Serial number sent with device_v tasks (device_sn); empty on simulated units. */
    serialNumber: z.string().max(64).default(''),
    profile: profileSchema.prefault({ kind: 'multi_light' }),
    camera: cameraSchema.prefault({ kind: 'simulated' }),
    lightController: lightControllerSchema.prefault({ kind: 'simulated' }),
  })
  .superRefine((config, ctx) => {
    const lights = profileLights(config.profile);
    if (config.profile.kind === 'multi_light') {
      if (!lights.includes('white')) ctx.addIssue({ code: 'custom', path: ['profile', 'lights'], message: 'white is required (device_v needs the white set)' });
      if (new Set(lights).size !== lights.length) ctx.addIssue({ code: 'custom', path: ['profile', 'lights'], message: 'a light is listed twice' });
      for (const light of LIGHTS_NEEDING_CROSS_POLAR) {
        if (lights.includes(light) && !lights.includes('cross_polar')) {
          ctx.addIssue({ code: 'custom', path: ['profile', 'lights'], message: `${light} needs cross_polar too (device_v rule 2)` });
        }
      }
    }
    if (config.lightController.kind === 'none' && config.profile.kind === 'multi_light') {
      ctx.addIssue({ code: 'custom', path: ['lightController', 'kind'], message: '"none" only suits a single_camera profile: a multi-light unit must switch its lights' });
    }
    if (config.lightController.kind === 'serial') {
      for (const light of lights) {
        if (!config.lightController.commands[light]) ctx.addIssue({ code: 'custom', path: ['lightController', 'commands', light], message: `no command for light ${light}` });
      }
    }
  });
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;

/** The lights a profile captures, in order. A single camera shoots under white (room) light. */
export function profileLights(profile: ProfileConfig): readonly LightSource[] {
  return profile.kind === 'multi_light' ? profile.lights : ['white'];
}
