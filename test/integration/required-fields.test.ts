import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '../../protocol/endpoint.ts';
import { catalogueEndpoints } from '../../protocol/endpoints/catalogue.ts';
import { deviceSyncEndpoints, sharedLinkEndpoints } from '../../protocol/endpoints/device-sync.ts';
import { merchantEndpoints } from '../../protocol/endpoints/merchant.ts';
import { reportDataEndpoints } from '../../protocol/endpoints/report-data.ts';
import { skinApiEndpoints } from '../../protocol/endpoints/skin-api.ts';
import { tokenEndpoints } from '../../protocol/endpoints/token.ts';
import { requiredKeys } from '../../protocol/open-api/validation.ts';
import { sign } from '../../platform/auth/signature.ts';
import { startTestPlatform, type TestPlatform } from '../helpers/platform.ts';

/**
 * Every required field of every endpoint that takes a body or a required query, removed in turn
 * from an otherwise valid request (decision D-040, issue 13 item 7). Missing is HTTP 400 with
 * meta.code 400 "parameter missing or incorrect", or the code the specification gives for that
 * case (40015, 40017, 40025, 40055 of Product and treatment codes, 44007 of Upload policy
 * codes); missing means absent, null, or a blank string. A present but malformed value still
 * answers its format code.
 *
 * The table is written from the specification (and docs/device-sync-api.md for the extension);
 * the first tests hold it against protocol/: every endpoint has a row, and each row's required
 * fields are exactly the ones its schema requires, so a new required field cannot be forgotten.
 */

type Json = Record<string, unknown>;
type Part = 'body' | 'query';

interface Ctx {
  readonly tp: TestPlatform;
  readonly tag: string;
}

interface Row {
  readonly endpoint: Endpoint;
  /** The path with its parameters filled, when it has any. */
  readonly path?: string;
  /** Where the fields travel. */
  readonly part: Part;
  /** A request whose fields pass every check (it may be refused afterwards for stored data). */
  readonly valid: (ctx: Ctx) => Json;
  /** What the valid request answers: 0, or the code of a check on stored data that comes after the fields. */
  readonly accepts?: number;
  /** Field path -> code when it is missing. Cross-checked against the schemas (`schemas`). */
  readonly required: Readonly<Record<string, number>>;
  /** Required only in the case the valid request is in ("required when age_limit is 1"): not in the schema's keys. */
  readonly conditional?: Readonly<Record<string, number>>;
  /** At least one of these fields is required: all removed answers the code. */
  readonly oneOf?: readonly [readonly string[], number];
  /** The schemas that say what is required: path prefix ('' for the top level, 'product_list.0' for an item) -> schema. */
  readonly schemas: Readonly<Record<string, z.ZodType>>;
  /** Batch operations answer a failed item in err_list under 40069. */
  readonly itemList?: string;
  /** Present but malformed: still the format code. */
  readonly malformed?: ReadonlyArray<readonly [path: string, value: unknown, code: number]>;
  /** Turns the fields into the request sent (the pull signs what remains). */
  readonly finish?: (fields: Json, ctx: Ctx) => Json;
  /** The seeded app whose token (or signature) the row uses. */
  readonly app?: 'primary' | 'second';
}

const PIC = 'https://cdn.example.com/p.png';
const UNREACHABLE_IMAGE = 'http://203.0.113.9/face.jpg';
/** Where the pull's signature goes once the other parameters are known. */
const SIGN = '<signature>';

function productItem(tag: string): Json {
  return { category_id: 1, name: `Serum ${tag}`, custom_id: `RQ${tag}`, pic: PIC, age_limit: 1, min_age: 18, max_age: 60 };
}

function treatmentItem(tag: string): Json {
  return { name: `Facial ${tag}`, custom_id: `RT${tag}`, pic: PIC, age_limit: 1, min_age: 18, max_age: 60 };
}

/** The rows of one catalogue kind (products or treatments): the same operations and codes. */
function catalogueRows(kind: 'product' | 'treatment'): Row[] {
  const e = catalogueEndpoints;
  const [create, update, remove, status, saleStores, links] =
    kind === 'product'
      ? [e.createProducts, e.updateProducts, e.deleteProducts, e.productStatus, e.productSaleStores, e.productLinks]
      : [e.createTreatments, e.updateTreatments, e.deleteTreatments, e.treatmentStatus, e.treatmentSaleStores, e.treatmentLinks];
  const list = `${kind}_list`;
  const item = kind === 'product' ? productItem : treatmentItem;
  const existing = kind === 'product' ? 'P1001' : 'T2001';
  const itemSchema = (ep: Endpoint) => ((ep.body as z.ZodObject).shape[list] as z.ZodArray).element as z.ZodType;
  // Product item of create: category_id (products only), name, custom_id, pic required; min_age and max_age when age_limit is 1.
  const itemCodes: Record<string, number> = { [`${list}.0.name`]: 40017, [`${list}.0.custom_id`]: 40055, [`${list}.0.pic`]: 40025 };
  if (kind === 'product') itemCodes[`${list}.0.category_id`] = 40015;
  return [
    {
      endpoint: create, part: 'body', valid: ({ tag }) => ({ [list]: [item(tag)] }), itemList: list,
      required: { [list]: 400, ...itemCodes },
      conditional: { [`${list}.0.min_age`]: 400, [`${list}.0.max_age`]: 400 },
      schemas: { '': create.body!, [`${list}.0`]: itemSchema(create) },
      malformed: [[`${list}.0.custom_id`, 'P-1', 40055], [`${list}.0.pic`, 'not a url', 40025], [`${list}.0.name`, 'n'.repeat(151), 40018]],
    },
    {
      endpoint: update, part: 'body', valid: () => ({ [list]: [{ custom_id: existing, sub_title: 'Updated' }] }), itemList: list,
      required: { [list]: 400, [`${list}.0.custom_id`]: 40055 },
      schemas: { '': update.body!, [`${list}.0`]: itemSchema(update) },
      malformed: [[`${list}.0.custom_id`, 'P 1', 40055], [`${list}.0.name`, '', 40017]],
    },
    {
      // D-015: a missing custom_id_list is 40055 "product number missing or invalid".
      endpoint: remove, part: 'body', valid: () => ({ custom_id_list: ['NOSUCH1'] }), accepts: 40069,
      required: { custom_id_list: 40055 }, schemas: { '': remove.body! },
      malformed: [['custom_id_list', ['P-1'], 40055]],
    },
    {
      endpoint: status, path: status.path.replace('{status}', '1'), part: 'body', valid: () => ({ custom_id_list: [existing] }),
      required: { custom_id_list: 40055 }, schemas: { '': status.body! },
    },
    {
      endpoint: saleStores, part: 'body', valid: () => ({ custom_id: existing, sell_type: 2, store_list: ['SG001', 'SG002'] }),
      required: { custom_id: 40055, sell_type: 400 }, conditional: { store_list: 400 }, schemas: { '': saleStores.body! },
      malformed: [['store_list', ['SG-1'], 11029], ['custom_id', 'P_1', 40055]],
    },
    {
      endpoint: links, part: 'body',
      valid: () => ({ custom_id: existing, link_list: [{ store_custom_id: 'SG001', link_type: 1, link: 'https://shop.example.com/sg001' }] }),
      required: { custom_id: 40055, link_list: 400, 'link_list.0.store_custom_id': 400, 'link_list.0.link_type': 400 },
      conditional: { 'link_list.0.link': 400 },
      schemas: { '': links.body!, 'link_list.0': ((links.body as z.ZodObject).shape['link_list'] as z.ZodArray).element as z.ZodType },
      malformed: [['link_list.0.store_custom_id', 'SG-1', 11029], ['link_list.0.link', 'nope', 40035]],
    },
  ];
}

const m = merchantEndpoints;
const s = skinApiEndpoints;
const d = deviceSyncEndpoints;

const ROWS: Row[] = [
  // Token endpoints: app_id and app_secret both required. The second merchant's app, so the
  // token the other rows use stays valid (one active token per app, D-006).
  ...[tokenEndpoints.openApiAccessToken, tokenEndpoints.skinApiAccessToken].map((endpoint): Row => ({
    endpoint, part: 'query', app: 'second', valid: ({ tp }) => ({ app_id: tp.app('second').app_id, app_secret: tp.app('second').app_secret }),
    required: { app_id: 400, app_secret: 400 }, schemas: { '': endpoint.query! },
  })),
  {
    endpoint: m.createStore, part: 'body',
    valid: ({ tag }) => ({
      name: `Store ${tag}`, custom_id: `RQ${tag}`, telephone: '+65 6123 4567', province_code: 'SG01', address: `${tag} Marina Boulevard`,
      username: `mgr_rq${tag}`.toLowerCase(), password: 'Passw0rd!', real_name: 'Ana',
    }),
    required: { name: 400, custom_id: 400, telephone: 400, province_code: 400, address: 400, username: 400, password: 400, real_name: 400 },
    schemas: { '': m.createStore.body! },
    malformed: [['custom_id', 'S-1', 11029], ['telephone', 'call me', 10010], ['username', 'a!', 11008], ['password', 'short', 11010], ['name', 'n'.repeat(101), 11000], ['phone_number', '12', 10010]],
  },
  {
    endpoint: m.updateStore, part: 'body', valid: () => ({ custom_id: 'SG002', address: '2 Tampines Central' }),
    required: { custom_id: 400 }, schemas: { '': m.updateStore.body! },
    malformed: [['custom_id', 'SG_2', 11029], ['telephone', 'x', 10010], ['new_custom_id', 'A-1', 11029]],
  },
  {
    endpoint: m.createEmployee, part: 'body',
    valid: ({ tag }) => ({ custom_id: 'SG001', username: `emp_rq${tag}`.toLowerCase(), password: 'Str0ng#pass', real_name: 'Ravi' }),
    required: { custom_id: 400, username: 400, password: 400, real_name: 400 }, schemas: { '': m.createEmployee.body! },
    malformed: [['password', 'password', 11010], ['custom_id', 'SG 1', 11029], ['username', 'ab', 11008]],
  },
  {
    endpoint: m.updateAccount, part: 'body', valid: () => ({ username: 'orchard_staff', real_name: 'Arun' }),
    required: { username: 400 }, schemas: { '': m.updateAccount.body! },
    malformed: [['new_username', 'a b', 11008], ['password', 'abc', 11010]],
  },
  {
    endpoint: m.setAccountStatus, path: '/open_api/merchant/account_status/1', part: 'body', valid: () => ({ username: 'orchard_staff' }),
    required: { username: 400 }, schemas: { '': m.setAccountStatus.body! },
  },
  ...catalogueRows('product'),
  ...catalogueRows('treatment'),
  // Store reads: store_custom_id is required (Merchant data: reads).
  ...[catalogueEndpoints.storeProducts, catalogueEndpoints.storeTreatments].map((endpoint): Row => ({
    endpoint, part: 'query', valid: () => ({ store_custom_id: 'SG001' }), required: { store_custom_id: 400 }, schemas: { '': endpoint.query! },
  })),
  {
    // "At least one of file_name and suffix is required": 44007 "file name missing".
    endpoint: s.uploadPolicy, part: 'body', valid: () => ({ file_name: 'face.jpg', suffix: 'jpg' }),
    required: {}, oneOf: [['file_name', 'suffix'], 44007], schemas: { '': s.uploadPolicy.body! },
    malformed: [['suffix', 'zip', 44053]],
  },
  {
    // The images a pair needs missing is 45002 (D-017). The valid request's task fails later,
    // when its image cannot be downloaded; creating it is what counts here.
    endpoint: s.createTask, part: 'body', valid: () => ({ api_code: 'online_skin', algorithm_variant: 'standard', resources: { front_image: UNREACHABLE_IMAGE } }),
    required: { api_code: 400, algorithm_variant: 400 }, conditional: { resources: 45002 }, schemas: { '': s.createTask.body! },
    malformed: [['api_code', 'no_such_api', 45001]],
  },
  {
    endpoint: s.taskResult, part: 'query', valid: () => ({ task_id: 'no-such-task' }), accepts: 45030,
    required: { task_id: 400 }, schemas: { '': s.taskResult.query! },
  },
  ...[s.detectSkin, s.detectFacePose, s.detectFacialAttributes].map((endpoint): Row => ({
    endpoint, part: 'body', valid: () => ({ pic_url: UNREACHABLE_IMAGE }), accepts: 45101,
    required: { pic_url: 400 }, schemas: { '': endpoint.body! },
  })),
  {
    // Signed with what is sent (specification: Authentication 5), so each removal is re-signed.
    endpoint: reportDataEndpoints.pull, part: 'query',
    valid: ({ tp }) => {
      const now = Math.floor(tp.platform.services.clock.now() / 1000);
      return { app_id: tp.app('primary').app_id, sig: SIGN, sig_time: now, begin: now - 3600, end: now, data_type: 'report', source_type: 'device20' };
    },
    finish: (fields, { tp }) => {
      if (fields['sig'] !== SIGN) return fields;
      const { sig: _placeholder, ...signed } = fields;
      return { ...signed, sig: sign(signed as Record<string, string>, tp.app('primary').app_secret) };
    },
    required: { app_id: 400, sig: 400, sig_time: 400, begin: 400, end: 400, data_type: 400 }, conditional: { source_type: 400 },
    schemas: { '': reportDataEndpoints.pull.query! },
  },
  {
    endpoint: d.syncUser, part: 'body',
    valid: ({ tag }) => ({ client_user_id: `rq-user-${tag}`, store_custom_id: 'SG001', name: 'Chen Jing', agree_clause_ids: ['user_agreement', 'privacy_policy'] }),
    required: { client_user_id: 400, store_custom_id: 400, name: 400 }, schemas: { '': d.syncUser.body! },
  },
  {
    // The customer was never registered: refused after the fields (46203).
    endpoint: d.submitReport, part: 'body',
    valid: ({ tag }) => ({
      client_report_id: `rq-report-${tag}`, client_user_id: `rq-nobody-${tag}`, store_custom_id: 'SG001', device_sn: 'SN-1', task_id: 'no-such-task',
      created_at: 1_700_000_000, source_type: 'pad', images: { front_image: UNREACHABLE_IMAGE },
    }),
    accepts: 46203,
    required: { client_report_id: 400, client_user_id: 400, store_custom_id: 400, device_sn: 400, task_id: 400, created_at: 400, source_type: 400, images: 400, 'images.front_image': 400 },
    schemas: { '': d.submitReport.body!, images: padImagesSchema() },
  },
  {
    endpoint: d.deleteData, part: 'body', valid: ({ tag }) => ({ client_user_id: `rq-gone-${tag}`, task_ids: ['no-such-task'] }),
    required: {}, oneOf: [['client_user_id', 'client_report_ids', 'task_ids', 'resource_urls'], 400], schemas: { '': d.deleteData.body! },
  },
  {
    // The customer was never registered: refused after the fields (46203).
    endpoint: d.standing, part: 'body', valid: ({ tag }) => ({ client_user_id: `rq-nobody-${tag}`, task_id: 'no-such-task' }),
    accepts: 46203, required: { client_user_id: 400, task_id: 400 }, schemas: { '': d.standing.body! },
  },
  {
    endpoint: d.crmSearch, part: 'query', valid: () => ({ keyword: 'Tan', store_number: 'SG001' }),
    required: { keyword: 400, store_number: 400 }, schemas: { '': d.crmSearch.query! },
  },
  { endpoint: d.updateIntegration, part: 'body', valid: () => ({ webhook_enabled: false }), required: {}, schemas: { '': d.updateIntegration.body! } },
  { endpoint: d.webhookTest, part: 'body', valid: () => ({}), required: {}, schemas: { '': d.webhookTest.body! } },
  {
    endpoint: d.redeliver, part: 'body', valid: () => ({ all_failed: true }),
    required: {}, oneOf: [['event_ids', 'all_failed'], 400], schemas: { '': d.redeliver.body! },
  },
];

/**
 * Endpoints with a body or a required query that the table leaves out, with the reason. The
 * customer's report page is a signed link, not a request a caller composes: a link with a part
 * missing is a bad link (test/integration/report-data/shared-page.test.ts).
 */
const NOT_IN_TABLE: ReadonlyMap<Endpoint, string> = new Map([[sharedLinkEndpoints.reportPage as Endpoint, 'a signed link']]);

const ALL_ENDPOINTS: readonly Endpoint[] = [
  tokenEndpoints, merchantEndpoints, catalogueEndpoints, skinApiEndpoints, reportDataEndpoints, deviceSyncEndpoints, sharedLinkEndpoints,
].flatMap((group) => Object.values(group) as Endpoint[]);

function padImagesSchema(): z.ZodType {
  const union = d.submitReport.body as z.ZodDiscriminatedUnion<z.ZodObject[]>;
  const pad = union.options.find((o) => (o.shape['source_type'] as z.ZodLiteral).value === 'pad')!;
  return pad.shape['images'] as z.ZodType;
}

/** What a schema requires: an object's required keys, or the keys every option of a union requires. */
function schemaRequired(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const sets = (schema.options as z.ZodType[]).map((o) => new Set(schemaRequired(o)));
    return [...sets[0]!].filter((key) => sets.every((set) => set.has(key))).sort();
  }
  return [...requiredKeys(schema)].sort();
}

function rowName(row: Row): string {
  return `${row.endpoint.method} ${row.path ?? row.endpoint.path}`;
}

/** A deep copy with the value at a dotted path removed (`undefined`) or replaced. */
function withValue(fields: Json, path: string, value: unknown): Json {
  const copy = structuredClone(fields);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

function valueAt(fields: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], fields);
}

interface Answer {
  status: number;
  code: number;
  error: string;
  errList: Array<{ err_code: number; err_msg: string }>;
}

describe('required fields of every endpoint (decision D-040)', () => {
  let tp: TestPlatform;
  const tokens = new Map<string, string>();
  let serial = 0;

  beforeAll(async () => {
    tp = await startTestPlatform();
    for (const which of ['primary', 'second'] as const) tokens.set(which, await tp.client(tp.app(which)).accessToken());
  });
  afterAll(async () => {
    await tp.stop();
  });

  const ctx = (): Ctx => ({ tp, tag: `${++serial}` });

  async function send(row: Row, fields: Json, c: Ctx): Promise<Answer> {
    const sent = row.finish ? row.finish(fields, c) : fields;
    const headers: Record<string, string> = {};
    if (row.endpoint.auth === 'token') headers['access-token'] = tokens.get(row.app ?? 'primary')!;
    let url = `${tp.platform.url}${row.path ?? row.endpoint.path}`;
    let body: string | undefined;
    if (row.part === 'query') url += `?${new URLSearchParams(Object.entries(sent).map(([k, v]) => [k, v === null ? '' : String(v)]))}`;
    else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(sent);
    }
    const res = await request(url, { method: row.endpoint.method, headers, body });
    const json = (await res.body.json()) as { meta?: { code: number; error: string }; response?: { err_list?: Answer['errList'] } };
    return { status: res.statusCode, code: json.meta?.code ?? 0, error: json.meta?.error ?? '', errList: json.response?.err_list ?? [] };
  }

  /** The answer a field failure gets: 400 travels as HTTP 400, a business code as HTTP 200 (D-002); batch items in err_list. */
  function expectRefused(row: Row, path: string, answer: Answer, code: number): void {
    const label = `${rowName(row)} ${path}: ${answer.error}${answer.errList[0] ? ` / ${answer.errList[0].err_msg}` : ''}`;
    if (row.itemList && path.startsWith(`${row.itemList}.0.`)) {
      expect([answer.status, answer.code, answer.errList.map((e) => e.err_code)], label).toEqual([200, 40069, [code]]);
      return;
    }
    expect([answer.status, answer.code], label).toEqual([code === 400 ? 400 : 200, code]);
  }

  describe('the table is the specification held against protocol/', () => {
    it('has a row for every endpoint that takes a body or a required query', () => {
      const listed = new Set(ROWS.map((row) => row.endpoint));
      const wanted = ALL_ENDPOINTS.filter((ep) => ep.body !== undefined || (ep.query !== undefined && requiredKeys(ep.query).size > 0));
      const missing = wanted.filter((ep) => !listed.has(ep) && !NOT_IN_TABLE.has(ep)).map((ep) => `${ep.method} ${ep.path}`);
      expect(missing).toEqual([]);
      expect(wanted.length).toBeGreaterThan(35);
    });

    it.each(ROWS.map((row) => [rowName(row), row] as const))('%s: the required fields are exactly those its schemas require', (_name, row) => {
      for (const [prefix, schema] of Object.entries(row.schemas)) {
        const listed = Object.keys(row.required)
          .filter((path) => (prefix === '' ? !path.includes('.') : path.startsWith(`${prefix}.`) && !path.slice(prefix.length + 1).includes('.')))
          .map((path) => (prefix === '' ? path : path.slice(prefix.length + 1)))
          .sort();
        expect(listed, `${rowName(row)} ${prefix || 'top level'}`).toEqual(schemaRequired(schema));
      }
    });
  });

  describe.each(ROWS.map((row) => [rowName(row), row] as const))('%s', (_name, row) => {
    it('accepts the valid request', async () => {
      const c = ctx();
      const answer = await send(row, row.valid(c), c);
      expect([answer.code, answer.error, answer.errList]).toEqual([row.accepts ?? 0, row.accepts ? expect.any(String) : '', row.accepts === 40069 ? expect.any(Array) : []]);
    });

    const missing = Object.entries({ ...row.required, ...row.conditional });
    if (missing.length > 0) it('answers each required field missing (absent, null or blank) with 400 or the specification\'s code', async () => {
      for (const [path, code] of missing) {
        const c = ctx();
        const valid = row.valid(c);
        const blanks: unknown[] = row.part === 'query' ? [undefined, ''] : [undefined, null, ...(typeof valueAt(valid, path) === 'string' ? ['', '  '] : [])];
        for (const blank of blanks) {
          const answer = await send(row, withValue(valid, path, blank), c);
          expectRefused(row, `${path}=${JSON.stringify(blank) ?? 'absent'}`, answer, code);
          if (!row.itemList || !path.startsWith(`${row.itemList}.0.`)) expect(answer.error, `${rowName(row)} ${path}`).toContain(path);
        }
      }
    });

    const oneOf = row.oneOf;
    if (oneOf) it('answers all of its alternatives missing with its code', async () => {
      const [fields, code] = oneOf;
      const c = ctx();
      const answer = await send(row, fields.reduce((body, field) => withValue(body, field, undefined), row.valid(c)), c);
      expectRefused(row, fields.join('+'), answer, code);
    });

    const malformed = row.malformed ?? [];
    if (malformed.length > 0) it('still answers a present but malformed value with its format code', async () => {
      for (const [path, value, code] of malformed) {
        const c = ctx();
        expectRefused(row, `${path}=${JSON.stringify(value)}`, await send(row, withValue(row.valid(c), path, value), c), code);
      }
    });
  });
});
