import { describe, expect, it } from 'vitest';
import { Codes } from '../../../protocol/codes.ts';
import {
  SKIN_ATTRIBUTE_NAMES,
  SKIN_ATTRIBUTES_BY_FAMILY,
  detectionRequestSchema,
  expandBraces,
  facePoseResultSchema,
  facialAnalysisResultSchema,
  isTerminalStatus,
  resolveUploadFile,
  skinAllRaceResultSchema,
  taskCreateResponseSchema,
  taskResultResponseSchema,
  uploadPolicyRequestSchema,
  uploadPolicyResponseSchema,
} from '../../../protocol/skin-api/index.ts';

describe('upload policy', () => {
  it('takes the extension of file_name, or suffix alone', () => {
    expect(resolveUploadFile({ file_name: 'face_front.JPG' })).toEqual({ ok: true, file: { fileName: 'face_front.JPG', extension: 'jpg', mime: 'image/jpeg' } });
    expect(resolveUploadFile({ suffix: 'png' })).toEqual({ ok: true, file: { fileName: null, extension: 'png', mime: 'image/png' } });
    expect(resolveUploadFile({ suffix: '.webp' })).toMatchObject({ ok: true, file: { extension: 'webp' } });
    expect(resolveUploadFile({ file_name: 'capture', suffix: 'jpeg' })).toMatchObject({ ok: true, file: { extension: 'jpeg' } });
  });

  it('44007 without file_name and suffix', () => {
    expect(resolveUploadFile({})).toMatchObject({ ok: false, code: Codes.FILE_NAME_MISSING });
    expect(resolveUploadFile({ file_name: '', suffix: ' ' })).toMatchObject({ ok: false, code: Codes.FILE_NAME_MISSING });
  });

  it('44008 when no extension can be determined', () => {
    expect(resolveUploadFile({ file_name: 'capture' })).toMatchObject({ ok: false, code: Codes.FILE_EXTENSION_UNKNOWN });
    expect(resolveUploadFile({ file_name: '.hidden' })).toMatchObject({ ok: false, code: Codes.FILE_EXTENSION_UNKNOWN });
    expect(resolveUploadFile({ file_name: 'a.' })).toMatchObject({ ok: false, code: Codes.FILE_EXTENSION_UNKNOWN });
  });

  it('44053 for ZIP and other unsupported types', () => {
    expect(resolveUploadFile({ file_name: 'images.zip' })).toMatchObject({ ok: false, code: Codes.FILE_TYPE_UNSUPPORTED });
    expect(resolveUploadFile({ suffix: 'ZIP' })).toMatchObject({ ok: false, code: Codes.FILE_TYPE_UNSUPPORTED });
    expect(resolveUploadFile({ suffix: 'exe' })).toMatchObject({ ok: false, code: Codes.FILE_TYPE_UNSUPPORTED });
    expect(resolveUploadFile({ suffix: 'valueOf' })).toMatchObject({ ok: false, code: Codes.FILE_TYPE_UNSUPPORTED });
  });

  it('400 for a directory path or a field of the wrong type', () => {
    expect(resolveUploadFile({ file_name: 'dir/face.jpg' })).toMatchObject({ ok: false, code: Codes.INVALID_PARAM });
    expect(resolveUploadFile({ file_name: '..\\face.jpg' })).toMatchObject({ ok: false, code: Codes.INVALID_PARAM });
    expect(resolveUploadFile({ suffix: 5 })).toMatchObject({ ok: false, code: Codes.INVALID_PARAM });
    expect(resolveUploadFile(null)).toMatchObject({ ok: false, code: Codes.INVALID_PARAM });
  });

  it('request and response schemas follow the resource table', () => {
    expect(uploadPolicyRequestSchema.safeParse({ file_name: 'a.jpg' }).success).toBe(true);
    const put = {
      resource_key: 'res_1',
      resource_url: 'https://files.example.com/r/res_1.jpg',
      ttl: 900,
      upload: { method: 'PUT', url: 'https://upload.example.com/res_1?sig=abc' },
    };
    expect(uploadPolicyResponseSchema.parse(put).upload.form_data).toEqual({});
    const post = { ...put, upload: { method: 'POST', url: 'https://upload.example.com/', form_data: { key: 'res_1', policy: 'p' } }, provider: 'local', mime: 'image/jpeg', hosts: { upload: 'x' }, token: 't' };
    expect(uploadPolicyResponseSchema.safeParse(post).success).toBe(true);
    expect(uploadPolicyResponseSchema.safeParse({ ...put, upload: { method: 'PATCH', url: 'x' } }).success).toBe(false);
    expect(uploadPolicyResponseSchema.safeParse({ ...put, ttl: 0 }).success).toBe(false);
  });
});

describe('task create and result responses', () => {
  it('create answers task_id', () => {
    expect(taskCreateResponseSchema.safeParse({ task_id: 't_1' }).success).toBe(true);
    expect(taskCreateResponseSchema.safeParse({}).success).toBe(false);
  });

  const base = { task_id: 't_1', api_code: 'device_v', algorithm_variant: 'standard', created_at: 1_700_000_000, updated_at: 1_700_000_005 };

  it('queued and running carry no result', () => {
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'queued' }).success).toBe(true);
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'running' }).success).toBe(true);
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'done' }).success).toBe(false);
    expect(isTerminalStatus('running')).toBe(false);
    expect(isTerminalStatus('failed')).toBe(true);
  });

  it('succeeded carries the result record; failed carries the error', () => {
    const result = {
      type: 'skin',
      overall_score: 72,
      mask_format: 'annotation_image',
      dimensions: [
        {
          dimension: 'pore',
          level: 2,
          score: 65,
          confidence: 0.83,
          annotations: [{ view: 'front', light: 'white', format: 'annotation_image', url: 'https://files.example.com/a/pore.png' }],
        },
      ],
    };
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'succeeded', finished_at: 1_700_000_010, result }).success).toBe(true);
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'succeeded', finished_at: 1_700_000_010 }).success).toBe(false);
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'failed', finished_at: 1, error: { code: 45103, msg: 'no face detected' } }).success).toBe(true);
    const badScore = { ...result, dimensions: [{ ...result.dimensions[0], score: 101 }] };
    expect(taskResultResponseSchema.safeParse({ ...base, status: 'succeeded', finished_at: 1, result: badScore }).success).toBe(false);
  });
});

const pose = {
  faceBound: '0.21,0.18,0.55,0.62',
  faceEyeState: { left: '0.98', right: '0.97' },
  faceGlasses: { none: '0.99', normal: '0.01', sunglasses: '0' },
  faceOutDetect: { outBound: '0' },
  facePoseEuler: { pitch: '-3.2', roll: '1.05', yaw: '12' },
  faceQuality: { blur: '0.05', bright: '0.61', compression: '0.02' },
  faceRatio: '0.34',
  faceVisibility: { jaw: '1', leftcheek: '1', lefteye: '1', lefteyebrow: '1', mouse: '1', nose: '1', rightcheek: '0.9', righteye: '1', righteyebrow: '1' },
};

describe('direct detection', () => {
  it('request takes pic_url and optional custom', () => {
    expect(detectionRequestSchema.safeParse({ pic_url: 'https://files.example.com/f.jpg', custom: { a: 1 } }).success).toBe(true);
    expect(detectionRequestSchema.safeParse({ pic_url: 'f.jpg' }).success).toBe(false);
    expect(detectionRequestSchema.safeParse({}).success).toBe(false);
  });

  it('expands the attribute names of the brace notation', () => {
    expect(expandBraces('A{B,C}D{,E}')).toEqual(['ABD', 'ABDE', 'ACD', 'ACDE']);
    expect(new Set(SKIN_ATTRIBUTE_NAMES).size).toBe(SKIN_ATTRIBUTE_NAMES.length);
    for (const name of [
      'AcquiredFleckRank',
      'EyeFleckScore',
      'TCheekFleckPathPoints',
      'PortScore',
      'EyebrowLinePathPoints',
      'ForeheadFinelineWrinkle',
      'ForeheadFinelineWrinkleDensity',
      'SkinCrowFeetRightPathPoints',
      'SkinEyeFineLineScore_Left',
      'MouthCornerRightHave',
      'NasolabialLeftLength',
      'NasolabialFolds_RightArea',
      'SkinEyeBagRightClass',
      'SkinPandaEye_Left_Pigment',
      'SkinPandaEye_Right_Shadow_Have',
      'SkinPandaEye_Left_Artery_Score',
      'SkinPandaEye_Total_Level',
      'TearThroughLeftHave',
      'TearThroughTotalDegree',
      'SkinRosaceaLeftcheek',
      'NoseContourPathPoints',
    ]) {
      expect(SKIN_ATTRIBUTE_NAMES).toContain(name);
    }
    expect(SKIN_ATTRIBUTES_BY_FAMILY.darkCircles).toHaveLength(28);
    expect(SKIN_ATTRIBUTES_BY_FAMILY.eyebrow).toHaveLength(9);
    expect(SKIN_ATTRIBUTE_NAMES).toHaveLength(188);
  });

  it('skin_all_race result: confidence, value of three shapes, rectangle', () => {
    const result = {
      face_attributes: {
        SkinAge: { confidence: 0.9, value: 28 },
        SkinBGRValues: { confidence: 1, value: [120, 140, 180] },
        PoreRegionPathPoints: { confidence: 0.8, value: [[0.1, 0.2], [0.3, 0.4]] },
        SkinSpot: { confidence: 0.7, value: 3, rectangle: [{ height: 0.01, left: 0.4, top: 0.3, width: 0.01 }] },
      },
    };
    expect(skinAllRaceResultSchema.safeParse(result).success).toBe(true);
    expect(skinAllRaceResultSchema.safeParse({ face_attributes: { SkinAge: { value: 28 } } }).success).toBe(false);
    expect(skinAllRaceResultSchema.safeParse({ face_attributes: { SkinAge: { confidence: 1, value: 'old' } } }).success).toBe(false);
  });

  it('face_pose_correct_all_race result: strings holding numbers', () => {
    expect(facePoseResultSchema.safeParse(pose).success).toBe(true);
    expect(facePoseResultSchema.safeParse({ ...pose, facePoseEuler: { pitch: 'up', roll: '0', yaw: '0' } }).success).toBe(false);
    expect(facePoseResultSchema.safeParse({ ...pose, faceBound: '1,2,3' }).success).toBe(false);
    const { faceVisibility: _v, ...noVisibility } = pose;
    expect(facePoseResultSchema.safeParse(noVisibility).success).toBe(false);
  });

  it('facial_analysis_all_race result', () => {
    const result = {
      face_attributes: { gender: { value: 1 }, translate_x: { value: 0.1 }, translate_y: { value: -0.2 }, translate_z: { value: 0.5 } },
      face_landmark: [
        [0.31, 0.42],
        [0.35, 0.43],
      ],
      face_rectangle: { height: 0.5, left: 0.25, top: 0.2, width: 0.45 },
    };
    expect(facialAnalysisResultSchema.safeParse(result).success).toBe(true);
    expect(facialAnalysisResultSchema.safeParse({ ...result, face_landmark: [[0.1, 0.2, 0.3]] }).success).toBe(false);
  });
});
