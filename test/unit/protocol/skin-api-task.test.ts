import { describe, expect, it } from 'vitest';
import { Codes } from '../../../protocol/codes.ts';
import {
  API_PAIRS,
  DEVICE_V_IMAGE_KEYS,
  TASK_FAILURE_CODES,
  TASK_FAILURE_KINDS,
  TaskCodes,
  findPair,
  normalizeTaskRequest,
  taskRequestSchema,
} from '../../../protocol/skin-api/index.ts';
import type { TaskFailureKind } from '../../../protocol/skin-api/index.ts';

const url = (name: string): string => `https://files.example.com/r/${name}.jpg`;

function lightSet(light: string): Record<string, string> {
  return Object.fromEntries(['front', 'left', 'right'].map((v) => [`${light}_${v}_image`, url(`${light}_${v}`)]));
}

const deviceV = { api_code: 'device_v', algorithm_variant: 'standard', resources: lightSet('white') };
const onlineV2 = { api_code: 'online_skin', algorithm_variant: 'all_race_v2', resources: { front_image: url('f') } };
const single = { api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: url('f') } };

function kindOf(raw: unknown): TaskFailureKind | null {
  const result = normalizeTaskRequest(raw);
  return result.ok ? null : result.failure.kind;
}

function taskOf(raw: unknown) {
  const result = normalizeTaskRequest(raw);
  if (!result.ok) throw new Error(`refused: ${result.failure.kind} ${result.failure.field} ${result.failure.message}`);
  return result.task;
}

describe('task codes', () => {
  it('gives every failure kind a distinct non-zero code, none shared with codes.ts but 400', () => {
    const codes = TASK_FAILURE_KINDS.map((k) => TASK_FAILURE_CODES[k].code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => c !== 0)).toBe(true);
    const specCodes = new Set(Object.values(Codes).map((c) => c.code));
    for (const info of Object.values(TaskCodes)) expect(specCodes.has(info.code)).toBe(false);
    expect(TASK_FAILURE_CODES.invalid_parameter).toBe(Codes.INVALID_PARAM);
  });
});

describe('supported pairs', () => {
  it('has the ten pairs of the table', () => {
    expect(API_PAIRS).toHaveLength(10);
    expect(findPair('device_v', 'partition')?.dimensionCodes).toBe(true);
    expect(findPair('online_skin', 'all_race_v2')?.outputOptions).toBe(true);
    expect(findPair('face_pose_correction', 'all_race_v2')?.images).toBe('front_or_three_views');
    expect(findPair('facial_analysis', 'all_race')?.quota).toBe('order_only');
    expect(findPair('facial_analysis', 'all_race_v2')).toBeUndefined();
    expect(findPair('online_skin', 'partition')).toBeUndefined();
    expect(DEVICE_V_IMAGE_KEYS).toHaveLength(15);
  });

  it('refuses an unsupported pair and missing pair fields', () => {
    expect(kindOf({ ...single, algorithm_variant: 'partition' })).toBe('unsupported_pair');
    expect(kindOf({ ...single, api_code: 'skin_magic' })).toBe('unsupported_pair');
    expect(kindOf({ resources: single.resources, algorithm_variant: 'standard' })).toBe('invalid_parameter');
    expect(kindOf({ api_code: 'online_skin' })).toBe('invalid_parameter');
    expect(kindOf('not an object')).toBe('invalid_parameter');
  });

  it('says whether a pair field is missing or of the wrong type', () => {
    const messageOf = (raw: unknown) => {
      const result = normalizeTaskRequest(raw);
      return result.ok ? null : result.failure.message;
    };
    expect(messageOf({ ...single, api_code: 1 })).toBe('api_code must be a string');
    expect(messageOf({ ...single, api_code: ' ' })).toBe('api_code is required');
    expect(messageOf({ ...single, algorithm_variant: ['standard'] })).toBe('algorithm_variant must be a string');
    expect(messageOf({ ...single, algorithm_variant: null })).toBe('algorithm_variant is required');
  });

  it('normalises each supported pair with its minimum images', () => {
    for (const pair of API_PAIRS) {
      const resources = pair.images === 'device_v' ? lightSet('white') : { front_image: url('f') };
      const task = taskOf({ api_code: pair.api_code, algorithm_variant: pair.algorithm_variant, resources });
      expect(task.pair).toBe(pair);
      expect(task.output_options).toEqual(pair.outputOptions ? { mask_format: 'annotation_image' } : null);
    }
  });
});

describe('image rule 1: device_v needs the white set', () => {
  it('accepts the white set and reports white as the only light', () => {
    const task = taskOf(deviceV);
    expect(task.view_count).toBe(3);
    expect(task.light_sources).toEqual(['white']);
    expect(task.dimension_codes).toEqual([]);
    expect(task.output_options).toBeNull();
  });

  it.each(['white_front_image', 'white_left_image', 'white_right_image'])('refuses without %s', (key) => {
    const resources: Record<string, string> = { ...deviceV.resources };
    delete resources[key];
    const result = normalizeTaskRequest({ ...deviceV, resources });
    expect(result.ok ? null : [result.failure.kind, result.failure.code, result.failure.field]).toEqual([
      'images_missing',
      TaskCodes.IMAGES_MISSING,
      `resources.${key}`,
    ]);
  });

  it('refuses a front_image key on device_v and no resources at all', () => {
    expect(kindOf({ ...deviceV, resources: { ...deviceV.resources, front_image: url('f') } })).toBe('image_key_not_accepted');
    expect(kindOf({ api_code: 'device_v', algorithm_variant: 'standard' })).toBe('images_missing');
  });
});

describe('image rule 2: optional light sources come in complete sets', () => {
  it('accepts every complete optional set, in table order', () => {
    const all = { ...lightSet('white'), ...lightSet('uv'), ...lightSet('cross_polar'), ...lightSet('parallel_polar'), ...lightSet('white_glow') };
    const task = taskOf({ ...deviceV, resources: all });
    expect(task.light_sources).toEqual(['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv']);
    expect(Object.keys(task.resources)).toHaveLength(15);
  });

  it('refuses a partial optional set', () => {
    const { white_glow_right_image: _r, ...partial } = lightSet('white_glow');
    const result = normalizeTaskRequest({ ...deviceV, resources: { ...lightSet('white'), ...partial } });
    expect(result.ok ? null : [result.failure.kind, result.failure.field]).toEqual(['light_set_incomplete', 'resources.white_glow_right_image']);
    expect(result.ok ? null : result.failure.code).toBe(TaskCodes.LIGHT_SET_INCOMPLETE);
  });

  it.each(['parallel_polar', 'uv'])('refuses %s without a complete cross_polar set', (light) => {
    expect(kindOf({ ...deviceV, resources: { ...lightSet('white'), ...lightSet(light) } })).toBe('light_set_incomplete');
    expect(kindOf({ ...deviceV, resources: { ...lightSet('white'), ...lightSet(light), ...lightSet('cross_polar') } })).toBeNull();
  });

  it('accepts cross_polar alone and white_glow alone', () => {
    expect(taskOf({ ...deviceV, resources: { ...lightSet('white'), ...lightSet('cross_polar') } }).light_sources).toEqual(['white', 'cross_polar']);
    expect(taskOf({ ...deviceV, resources: { ...lightSet('white'), ...lightSet('white_glow') } }).light_sources).toEqual(['white', 'white_glow']);
  });
});

describe('image rule 3: single-image and three-view capabilities', () => {
  it('single-image capabilities accept only front_image', () => {
    expect(taskOf(single).view_count).toBe(1);
    expect(kindOf({ ...single, resources: { front_image: url('f'), left_image: url('l') } })).toBe('image_key_not_accepted');
    expect(kindOf({ ...single, resources: { white_front_image: url('f') } })).toBe('image_key_not_accepted');
    expect(kindOf({ ...single, resources: {} })).toBe('images_missing');
  });

  it('refuses keys named like built-in object properties as unknown image keys, not as a conflict', () => {
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      const body = JSON.parse(`{"resources":{"${key}":"${url('x')}"}}`) as { resources: object };
      expect(kindOf({ ...single, resources: body.resources }), key).toBe('image_key_not_accepted');
      expect(kindOf({ ...single, resources: undefined, json: JSON.stringify(body.resources) }), key).toBe('image_key_not_accepted');
    }
  });

  it('three-view capabilities accept one front image or the complete set, never two', () => {
    expect(taskOf(onlineV2).view_count).toBe(1);
    const three = { front_image: url('f'), left_image: url('l'), right_image: url('r') };
    expect(taskOf({ ...onlineV2, resources: three }).view_count).toBe(3);
    expect(taskOf({ api_code: 'face_pose_correction', algorithm_variant: 'all_race_v2', resources: three }).view_count).toBe(3);
    expect(kindOf({ ...onlineV2, resources: { front_image: url('f'), left_image: url('l') } })).toBe('images_missing');
    expect(kindOf({ ...onlineV2, resources: { left_image: url('l'), right_image: url('r') } })).toBe('images_missing');
  });

  it('every resource must be an http(s) URL', () => {
    for (const bad of ['ftp://files.example.com/a.jpg', 'files/a.jpg', '', 'https://', 'https://x.example.com/a b.jpg']) {
      expect(kindOf({ ...single, resources: { front_image: bad } })).toBe('invalid_resource_url');
    }
    expect(kindOf({ ...single, resources: { front_image: 'http://127.0.0.1:8787/files/a.jpg' } })).toBeNull();
    expect(kindOf({ ...single, resources: { front_image: 42 } })).toBe('invalid_parameter');
    expect(kindOf({ ...single, resources: [url('f')] })).toBe('invalid_parameter');
  });
});

describe('compatibility fields', () => {
  it('pic_url maps to resources.front_image; identical duplicate accepted, conflict refused', () => {
    expect(taskOf({ api_code: 'online_skin', algorithm_variant: 'standard', pic_url: url('f') }).resources).toEqual({ front_image: url('f') });
    expect(kindOf({ ...single, pic_url: url('f') })).toBeNull();
    const conflict = normalizeTaskRequest({ ...single, pic_url: url('other') });
    expect(conflict.ok ? null : [conflict.failure.kind, conflict.failure.code]).toEqual(['compat_conflict', TaskCodes.COMPAT_CONFLICT]);
    expect(kindOf({ ...single, pic_url: 7 })).toBe('invalid_parameter');
  });

  it('pic_url fills front_image beside left/right resources', () => {
    const task = taskOf({ ...onlineV2, resources: { left_image: url('l'), right_image: url('r') }, pic_url: url('f') });
    expect(task.view_count).toBe(3);
  });

  it('json maps to resources, as an object or a JSON object string', () => {
    const body = { api_code: 'device_v', algorithm_variant: 'partition' };
    expect(taskOf({ ...body, json: lightSet('white') }).resources).toEqual(lightSet('white'));
    expect(taskOf({ ...body, json: JSON.stringify(lightSet('white')) }).resources).toEqual(lightSet('white'));
    expect(kindOf({ ...body, json: '{not json' })).toBe('invalid_parameter');
    expect(kindOf({ ...body, json: '[1,2]' })).toBe('invalid_parameter');
    expect(kindOf({ ...body, json: JSON.stringify(lightSet('white')), resources: lightSet('white') })).toBeNull();
    const reordered = Object.fromEntries(Object.entries(lightSet('white')).reverse());
    expect(kindOf({ ...body, json: reordered, resources: lightSet('white') })).toBeNull();
    expect(kindOf({ ...body, json: { ...lightSet('white'), white_left_image: url('x') }, resources: lightSet('white') })).toBe('compat_conflict');
  });

  it('custom maps to metadata; identical accepted, different refused', () => {
    expect(taskOf({ ...single, custom: { visit: 'A12' } }).metadata).toEqual({ visit: 'A12' });
    expect(taskOf({ ...single, metadata: { visit: 'A12', n: [1] }, custom: { n: [1], visit: 'A12' } }).metadata).toEqual({ visit: 'A12', n: [1] });
    expect(kindOf({ ...single, metadata: { visit: 'A12' }, custom: { visit: 'B7' } })).toBe('compat_conflict');
    expect(kindOf({ ...single, custom: 'notes' })).toBe('invalid_parameter');
    expect(taskOf(single).metadata).toBeNull();
  });

  it('metadata refuses secret-looking keys and more than 4 KiB', () => {
    expect(kindOf({ ...single, metadata: { nested: { access_token: 'x' } } })).toBe('invalid_parameter');
    expect(kindOf({ ...single, metadata: { Password: 'x' } })).toBe('invalid_parameter');
    expect(kindOf({ ...single, metadata: { note: 'x'.repeat(5000) } })).toBe('invalid_parameter');
  });

  it('detect_mask_type 1/2 maps to mask_format; conflicts refused', () => {
    expect(taskOf({ ...onlineV2, detect_mask_type: 1 }).output_options).toEqual({ mask_format: 'annotation_image' });
    expect(taskOf({ ...onlineV2, detect_mask_type: 2 }).output_options).toEqual({ mask_format: 'annotation_json' });
    expect(taskOf({ ...onlineV2, detect_mask_type: '2' }).output_options).toEqual({ mask_format: 'annotation_json' });
    expect(taskOf({ ...onlineV2, detect_mask_type: 2, output_options: { mask_format: 'annotation_json' } }).output_options).toEqual({
      mask_format: 'annotation_json',
    });
    expect(kindOf({ ...onlineV2, detect_mask_type: 1, output_options: { mask_format: 'annotation_json' } })).toBe('compat_conflict');
    expect(kindOf({ ...onlineV2, detect_mask_type: 3 })).toBe('invalid_parameter');
    expect(kindOf({ ...single, detect_mask_type: 1 })).toBe('output_options_not_allowed');
  });

  it('detect_face_type only validates the image count', () => {
    expect(kindOf({ ...onlineV2, detect_face_type: 1 })).toBeNull();
    expect(kindOf({ ...onlineV2, detect_face_type: 2 })).toBe('image_count_mismatch');
    const three = { front_image: url('f'), left_image: url('l'), right_image: url('r') };
    expect(kindOf({ ...onlineV2, resources: three, detect_face_type: 2 })).toBeNull();
    expect(kindOf({ ...onlineV2, resources: three, detect_face_type: 1 })).toBe('image_count_mismatch');
    expect(kindOf({ ...deviceV, detect_face_type: 2 })).toBeNull();
    expect(kindOf({ ...single, detect_face_type: 0 })).toBe('invalid_parameter');
    expect(taskOf({ ...onlineV2, detect_face_type: 1 }).view_count).toBe(1);
  });

  it('paralle_polar_* keys are parallel_polar_*; identical duplicates accepted, conflicts refused', () => {
    const misspelt = Object.fromEntries(Object.entries(lightSet('parallel_polar')).map(([k, v]) => [k.replace('parallel', 'paralle'), v]));
    const resources = { ...lightSet('white'), ...lightSet('cross_polar'), ...misspelt };
    const task = taskOf({ ...deviceV, resources });
    expect(task.resources.parallel_polar_front_image).toBe(url('parallel_polar_front'));
    expect(Object.keys(task.resources).some((k) => k.startsWith('paralle_'))).toBe(false);
    expect(task.light_sources).toContain('parallel_polar');
    expect(kindOf({ ...deviceV, resources: { ...resources, ...lightSet('parallel_polar') } })).toBeNull();
    expect(kindOf({ ...deviceV, resources: { ...resources, parallel_polar_front_image: url('other') } })).toBe('compat_conflict');
  });

  it('sensitiveness in dimension_codes is sensitivity, the dimension sensitive', () => {
    expect(taskOf({ ...deviceV, dimension_codes: ['sensitiveness', 'pore'] }).dimension_codes).toEqual(['sensitive', 'pore']);
    expect(taskOf({ ...deviceV, dimension_codes: ['sensitivity', 'sensitiveness', 'sensitive'] }).dimension_codes).toEqual(['sensitive']);
  });
});

describe('dimension_codes and output_options by pair', () => {
  it('dimension_codes: device_v only; [] means all and is accepted everywhere', () => {
    expect(taskOf({ ...deviceV, dimension_codes: [] }).dimension_codes).toEqual([]);
    expect(taskOf({ ...deviceV, dimension_codes: ['pore', 'acne', 'pore'] }).dimension_codes).toEqual(['pore', 'acne']);
    expect(kindOf({ ...deviceV, dimension_codes: ['pores'] })).toBe('dimension_code_unknown');
    expect(kindOf({ ...deviceV, dimension_codes: ['constructor'] })).toBe('dimension_code_unknown');
    expect(kindOf({ ...deviceV, dimension_codes: 'pore' })).toBe('invalid_parameter');
    expect(kindOf({ ...single, dimension_codes: [] })).toBeNull();
    const result = normalizeTaskRequest({ ...single, dimension_codes: ['pore'] });
    expect(result.ok ? null : [result.failure.kind, result.failure.code]).toEqual(['dimension_codes_not_allowed', TaskCodes.DIMENSION_CODES_NOT_ALLOWED]);
  });

  it('output_options: online_skin + all_race_v2 only; {} accepted elsewhere', () => {
    expect(taskOf({ ...onlineV2, output_options: {} }).output_options).toEqual({ mask_format: 'annotation_image' });
    expect(taskOf({ ...onlineV2, output_options: { mask_format: 'annotation_json' } }).output_options).toEqual({ mask_format: 'annotation_json' });
    expect(kindOf({ ...onlineV2, output_options: { mask_format: 'png' } })).toBe('mask_format_invalid');
    expect(kindOf({ ...onlineV2, output_options: 'annotation_json' })).toBe('invalid_parameter');
    expect(taskOf({ ...deviceV, output_options: {} }).output_options).toBeNull();
    expect(kindOf({ ...deviceV, output_options: { mask_format: 'annotation_image' } })).toBe('output_options_not_allowed');
    expect(kindOf({ ...single, output_options: { mask_format: 'annotation_json' } })).toBe('output_options_not_allowed');
  });
});

describe('task request schema for clients', () => {
  it('types the standard and compatibility fields', () => {
    expect(taskRequestSchema.safeParse({ ...onlineV2, output_options: { mask_format: 'annotation_json' }, metadata: { a: 1 } }).success).toBe(true);
    expect(taskRequestSchema.safeParse({ ...single, pic_url: url('f'), json: '{}', custom: {}, detect_mask_type: 1, detect_face_type: 2 }).success).toBe(true);
    expect(taskRequestSchema.safeParse({ ...single, detect_mask_type: 3 }).success).toBe(false);
    expect(taskRequestSchema.safeParse({ ...single, api_code: 'x' }).success).toBe(false);
  });
});
