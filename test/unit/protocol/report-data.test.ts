import { describe, expect, it } from 'vitest';
import { sign, verifySignature } from '../../../platform/auth/signature.ts';
import {
  CRM_NO_MATCH,
  crmAnswerSchema,
  crmQuerySchema,
  isSigTimeFresh,
  pullQuerySchema,
  pullReportResponseSchema,
  pullUserResponseSchema,
  pushBodySchema,
  pushKindOf,
  pushSignParams,
  reportItemSchemaFor,
  userItemSchema,
} from '../../../protocol/report-data/index.ts';

const user = {
  id: 10001,
  custom_id: '',
  merchant_id: 9007199254,
  account_id: 0,
  name: 'Chen Jing',
  gender: 2,
  birthday: '1990-05-17',
  phone_cc: 86,
  phone_number: '13800138000',
  email: '',
  marital_status: -1,
  has_baby: 0,
  has_beauty: -1,
  is_irritability: 0,
  target: { pore: 1, acne: 0, scar: 1 },
  store_id: 1001,
  store_custom_id: 'SH001',
  created_at: 1_700_000_000,
  agree_clause_ids: ['user_agreement', 'privacy_policy'],
  reject_clause_ids: [],
};

const url = (n: string): string => `https://files.example.com/${n}.jpg`;
const reportBase = {
  id: 501,
  merchant_id: 88,
  store_id: 1001,
  store_custom_id: 'SH001',
  user_id: 10001,
  user_custom_id: '',
  account_id: 7,
  created_at: 1_700_000_100,
  dimensions: [{ dimension: 'acne', level: 1, level_name: 'Level I', score: 80, confidence: 0.9, annotations: [] }],
  overall_score: 80,
  report_url: '',
};
const deviceVReport = {
  ...reportBase,
  source_type: 'device20',
  task_id: 't_9',
  api_code: 'device_v',
  algorithm_variant: 'standard',
  light_sources: ['white', 'cross_polar'],
  images: { white_front_image: url('wf'), white_left_image: url('wl'), white_right_image: url('wr'), cross_polar_front_image: url('cf') },
  mask_format: 'annotation_image',
  device_sn: 'DV-0001',
};

describe('pull query', () => {
  const query = { app_id: 'app_1', sig: 'A'.repeat(32), sig_time: '1700000000', begin: '1699990000', end: '1700000000', data_type: 'user' };

  it('coerces the query strings and applies the limit default and clamp', () => {
    expect(pullQuerySchema.parse(query)).toMatchObject({ sig_time: 1_700_000_000, begin: 1_699_990_000, limit: 100 });
    expect(pullQuerySchema.parse({ ...query, limit: '9999' }).limit).toBe(500);
    expect(pullQuerySchema.parse({ ...query, next: '', merchant_id: '88' })).toMatchObject({ next: undefined, merchant_id: '88' });
  });

  it('requires source_type for reports and knows its six values', () => {
    expect(pullQuerySchema.safeParse({ ...query, data_type: 'report' }).success).toBe(false);
    for (const s of ['device', 'device20', 'sdk', 'pad', 'mobile', 'online']) {
      expect(pullQuerySchema.safeParse({ ...query, data_type: 'report', source_type: s }).success).toBe(true);
    }
    expect(pullQuerySchema.safeParse({ ...query, data_type: 'report', source_type: 'kiosk' }).success).toBe(false);
  });

  it('refuses a bad range, data type, limit or signature shape', () => {
    expect(pullQuerySchema.safeParse({ ...query, begin: '1700000001' }).success).toBe(false);
    expect(pullQuerySchema.safeParse({ ...query, begin: '1600000000' }).success).toBe(false);
    expect(pullQuerySchema.safeParse({ ...query, data_type: 'orders' }).success).toBe(false);
    expect(pullQuerySchema.safeParse({ ...query, limit: '0' }).success).toBe(false);
    expect(pullQuerySchema.safeParse({ ...query, sig: 'xyz' }).success).toBe(false);
    expect(pullQuerySchema.safeParse({ ...query, skin_mode: 'fast' }).success).toBe(false);
    const { app_id: _a, ...noApp } = query;
    expect(pullQuerySchema.safeParse(noApp).success).toBe(false);
  });

  it('sig_time must be within 5 minutes', () => {
    expect(isSigTimeFresh(1000, 1300)).toBe(true);
    expect(isSigTimeFresh(1000, 1301)).toBe(false);
  });
});

describe('pull items', () => {
  it('user item has exactly the specification fields and types', () => {
    expect(pullUserResponseSchema.safeParse({ next: 'c1', lists: [user] }).success).toBe(true);
    expect(userItemSchema.safeParse({ ...user, target: {} }).success).toBe(true);
    expect(userItemSchema.safeParse({ ...user, birthday: '17/05/1990' }).success).toBe(false);
    // decision D-041: an unknown birthday is left out; '' is outside "date YYYY-MM-DD", as is a day that does not exist.
    const { birthday: _b, ...withoutBirthday } = user;
    expect(userItemSchema.safeParse(withoutBirthday).success).toBe(true);
    expect(userItemSchema.safeParse({ ...user, birthday: '' }).success).toBe(false);
    expect(userItemSchema.safeParse({ ...user, birthday: '1990-02-30' }).success).toBe(false);
    expect(userItemSchema.safeParse({ ...user, phone_cc: '86' }).success).toBe(false);
    const { agree_clause_ids: _a, ...missing } = user;
    expect(userItemSchema.safeParse(missing).success).toBe(false);
  });

  it('report items follow their source type', () => {
    expect(pullReportResponseSchema('device20').safeParse({ next: '', lists: [deviceVReport] }).success).toBe(true);
    expect(reportItemSchemaFor('device20').safeParse({ ...deviceVReport, images: { front_image: url('f') } }).success).toBe(false);
    const sdk = { ...reportBase, source_type: 'pad', task_id: 't', api_code: 'online_skin', algorithm_variant: 'all_race', images: { front_image: url('f') }, mask_format: 'annotation_json', app_id: 'a', device_sn: '' };
    expect(reportItemSchemaFor('pad').safeParse(sdk).success).toBe(true);
    expect(reportItemSchemaFor('sdk').safeParse({ ...sdk, source_type: 'sdk' }).success).toBe(true);
    const { app_id: _a, device_sn: _d, ...mobileBase } = sdk;
    expect(reportItemSchemaFor('online').safeParse({ ...mobileBase, source_type: 'online', channel: '' }).success).toBe(true);
    const deviceM = { ...reportBase, source_type: 'device', device_sn: 'M1', images: [{ view: 'front', spectrum: 'uv', url: url('u') }], model_3d: null };
    expect(reportItemSchemaFor('device').safeParse(deviceM).success).toBe(true);
    expect(reportItemSchemaFor('device').safeParse(deviceVReport).success).toBe(false);
  });
});

describe('push', () => {
  it('maps each event kind of the payload table to its variant', () => {
    expect(pushKindOf('user', 'user.created')).toBe('user');
    // The specification's event table has no deletion event ("No other events are sent").
    expect(pushKindOf('user', 'user.deleted')).toBeUndefined();
    expect(pushKindOf('report', 'report.created', 'device')).toBe('deviceMReport');
    expect(pushKindOf('report', 'report.images', 'device')).toBe('deviceMImage');
    expect(pushKindOf('report', 'report.3d', 'device')).toBe('deviceM3D');
    expect(pushKindOf('report', 'report.created', 'device20')).toBe('deviceVReport');
    expect(pushKindOf('report', 'report.images', 'device20')).toBe('deviceVImage');
    expect(pushKindOf('report', 'report.created', 'pad')).toBe('sdkReport');
    expect(pushKindOf('report', 'report.created', 'online')).toBe('mobileReport');
    expect(pushKindOf('test', undefined)).toBe('test');
    expect(pushKindOf('report', 'report.3d', 'device20')).toBeUndefined();
    expect(pushKindOf('user', 'report.created')).toBeUndefined();
  });

  it('accepts user, report and test bodies and refuses mismatched ones', () => {
    expect(pushBodySchema.safeParse({ data_type: 'user', action_type: 'user.updated', sig: 's', sig_time: 1, data: user }).success).toBe(true);
    const report = { data_type: 'report', action_type: 'report.created', source_type: 'device20', sig: 's', sig_time: 1, data: deviceVReport };
    expect(pushBodySchema.safeParse(report).success).toBe(true);
    expect(pushBodySchema.safeParse({ ...report, source_type: 'device' }).success).toBe(false);
    const images = { data_type: 'report', action_type: 'report.images', source_type: 'device20', sig: 's', sig_time: 1 };
    const ref = { report_id: 501, merchant_id: 88, store_id: 1001, store_custom_id: 'SH001', user_id: 10001, created_at: 1, device_sn: 'DV-1' };
    expect(pushBodySchema.safeParse({ ...images, data: { ...ref, images: deviceVReport.images } }).success).toBe(true);
    expect(pushBodySchema.safeParse({ data_type: 'test', sig: 's', sig_time: 1, data: { id: 'evt_1' } }).success).toBe(true);
    expect(pushBodySchema.safeParse({ data_type: 'test', sig: 's', sig_time: 1, data: {} }).success).toBe(false);
  });

  it('signs data as canonical JSON so a receiver can verify from the parsed body', () => {
    const body = { data_type: 'test', action_type: 'test', sig_time: 1_700_000_000, data: { id: 'evt_1', b: { y: 1, x: 2 } } };
    const sig = sign(pushSignParams(body), 'secret');
    const received = JSON.parse(JSON.stringify({ ...body, data: { b: { x: 2, y: 1 }, id: 'evt_1' } })) as typeof body;
    expect(verifySignature(pushSignParams(received), 'secret', sig.toUpperCase())).toBe(true);
    expect(verifySignature(pushSignParams({ ...received, data: { id: 'evt_2' } }), 'secret', sig)).toBe(false);
  });
});

describe('CRM search', () => {
  it('coerces the query with paging defaults', () => {
    expect(crmQuerySchema.parse({ keyword: '1380013', store_number: 'SH001', sig: 'abc', sig_time: '1700000000' })).toEqual({
      keyword: '1380013',
      store_number: 'SH001',
      page: 1,
      count: 20,
      sig: 'abc',
      sig_time: 1_700_000_000,
    });
    expect(crmQuerySchema.safeParse({ keyword: '', store_number: 'SH001', sig: 'a', sig_time: '1' }).success).toBe(false);
    expect(crmQuerySchema.safeParse({ keyword: 'x', store_number: 'SH001', sig: 'a', sig_time: '1', count: '101' }).success).toBe(false);
  });

  it('answers total and customer records; no match is {total: 0, lists: []}', () => {
    const record = { custom_id: 'C1', name: 'Chen Jing', gender: 2, birthday: '1990-05-17', phone_cc: 86, phone_number: '13800138000' };
    expect(crmAnswerSchema.safeParse({ total: 1, lists: [record] }).success).toBe(true);
    expect(crmAnswerSchema.safeParse({ total: 1, lists: [{ ...record, email: 'c@example.com', has_baby: 0 }] }).success).toBe(true);
    expect(crmAnswerSchema.safeParse(CRM_NO_MATCH).success).toBe(true);
    expect(crmAnswerSchema.safeParse({ total: 1, lists: [{ ...record, phone_cc: '86' }] }).success).toBe(false);
    expect(crmAnswerSchema.safeParse({ lists: [] }).success).toBe(false);
    // A CRM's empty birthday is read as none, so the platform never relays '' (D-041).
    const empty = crmAnswerSchema.safeParse({ total: 1, lists: [{ ...record, birthday: '' }] });
    expect(empty.success).toBe(true);
    expect(Object.keys(JSON.parse(JSON.stringify(empty.data?.lists[0])) as object)).not.toContain('birthday');
    expect(crmAnswerSchema.safeParse({ total: 1, lists: [{ ...record, birthday: '1990/05/17' }] }).success).toBe(false);
  });
});
