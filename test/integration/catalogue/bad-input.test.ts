import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { itemCount, raw } from './helpers.ts';

/**
 * Bad input on every catalogue endpoint is answered with its code (400, or the business code of
 * the broken rule), never 500 (specification: Errors; decisions D-002, D-004). Raw HTTP, since
 * the typed client cannot send most of this.
 */
describe('catalogue: bad input is never a 500', () => {
  let tp: TestPlatform;
  let token = '';
  beforeAll(async () => {
    tp = await startTestPlatform();
    token = await tp.client(tp.app('primary')).accessToken();
  });
  afterAll(async () => {
    await tp.stop();
  });

  const WRITES: Array<['POST' | 'PATCH' | 'DELETE', string]> = [
    ['POST', '/open_api/merchant/products'], ['PATCH', '/open_api/merchant/products'], ['DELETE', '/open_api/merchant/products'],
    ['PATCH', '/open_api/product/status/1'], ['PATCH', '/open_api/product/sale_stores'], ['PATCH', '/open_api/product/links'],
    ['POST', '/open_api/merchant/treatments'], ['PATCH', '/open_api/merchant/treatments'], ['DELETE', '/open_api/merchant/treatments'],
    ['PATCH', '/open_api/treatment/status/-1'], ['PATCH', '/open_api/treatment/sale_stores'], ['PATCH', '/open_api/treatment/links'],
  ];
  const READS = ['/open_api/merchant/products', '/open_api/merchant/treatments', '/open_api/store/products', '/open_api/store/treatments'];

  it.each(WRITES)('%s %s: malformed JSON, a non-object body, no body, a wrong content type are HTTP 400', async (method, path) => {
    for (const init of [
      { body: '{"product_list": [' }, { body: '[1,2]' }, { body: '"text"' }, { body: 'null' }, { body: '42' }, {},
      { body: 'product_list=1', contentType: 'application/x-www-form-urlencoded' }, { body: '{}', contentType: 'text/plain' },
    ]) {
      const res = await raw(tp, method, path, { token, ...init });
      expect(res.status, `${JSON.stringify(init)} -> ${res.json.meta.error}`).toBe(400);
      expect(res.json.meta.code).toBe(400);
    }
  });

  it.each(WRITES)('%s %s: without a token or with a wrong one is 1001', async (method, path) => {
    for (const t of [undefined, 'not-a-token']) {
      const res = await raw(tp, method, path, { token: t, body: '{}' });
      expect([res.status, res.json.meta.code]).toEqual([200, 1001]);
    }
  });

  it.each(READS)('GET %s: without a token is 1001; a wrong merchant-id is 400', async (path) => {
    expect((await raw(tp, 'GET', `${path}?store_custom_id=SG001`)).json.meta.code).toBe(1001);
    for (const merchantId of ['abc', '99999999', '-1', '1'.repeat(40)]) {
      const res = await raw(tp, 'GET', `${path}?store_custom_id=SG001`, { token, merchantId });
      expect([res.status, res.json.meta.code]).toEqual([400, 400]);
    }
  });

  it.each(READS)('GET %s: odd queries are 400 or an answer, never 500', async (path) => {
    const cases: Array<[string, number]> = [
      ['?page=-1&store_custom_id=SG001', 400], ['?count=abc&store_custom_id=SG001', 400], ['?page=1.5&store_custom_id=SG001', 400],
      ['?page=1e3&store_custom_id=SG001', 400], [`?page=${'9'.repeat(30)}&store_custom_id=SG001`, 400],
      ['?page=99999999999&count=100&store_custom_id=SG001', 0], ['?store_custom_id=SG001&store_custom_id=SG002', 0],
      [`?store_custom_id=${'S'.repeat(5000)}`, 400], ['?store_custom_id[a]=1', 400],
    ];
    for (const [query, code] of cases) {
      const res = await raw(tp, 'GET', `${path}${query}`, { token });
      const expected = path.startsWith('/open_api/merchant/') && query.startsWith('?store_custom_id') ? 0 : code;
      expect(res.json.meta.code, `${query}: ${res.json.meta.error}`).toBe(expected);
      expect(res.status).toBe(expected === 0 ? 200 : 400);
    }
  });

  it('batch items of the wrong shape are reported per item, never a crash', async () => {
    const before = await itemCount(tp);
    const ok = { category_id: 3, name: 'x', pic: 'https://x.example.com/a.jpg' };
    const body = JSON.stringify({
      product_list: [
        null, 7, 'P1', [], { custom_id: 123 }, { custom_id: 'A1', category_id: '3' }, { ...ok, custom_id: 'A2', name: 5 },
        { ...ok, custom_id: 'A3', problem: { constructor: [1], toString: [1] } },
        { ...ok, custom_id: 'A4', lang_data: { constructor: { name: 'x' } } },
        { ...ok, custom_id: 'A5', lang_data: { ja: 'text' } },
        { ...ok, custom_id: 'A6', price: 1e308 },
        { ...ok, custom_id: 'A7', suit_custom_id: 'P1001' },
        { ...ok, custom_id: 'A8', min_age: -1 },
        { ...ok, custom_id: 'A9', label: ['a'] },
        { ...ok, custom_id: 'B1', category_id: 9, suit_custom_id: [{ custom_id: 'P1001', quantity: 1.5 }] },
      ],
    });
    const res = await raw(tp, 'POST', '/open_api/merchant/products', { token, body });
    expect([res.status, res.json.meta.code], res.json.meta.error).toEqual([200, 40069]);
    const errList = (res.json.response as { err_list: Array<{ custom_id: string; err_code: number }> }).err_list;
    expect(errList.map((e) => e.err_code)).toEqual([400, 400, 400, 400, 40055, 40015, 40017, 400, 400, 400, 400, 400, 400, 400, 400]);
    expect(errList.map((e) => e.custom_id)).toEqual(['', '', '', '', '', 'A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'A9', 'B1']);
    expect(await itemCount(tp)).toBe(before);
  });

  it('a body carrying __proto__ is refused whole with 400 (the JSON parser guards against prototype poisoning)', async () => {
    const body = '{"product_list":[{"custom_id":"A1","category_id":3,"name":"x","pic":"https://x.example.com/a.jpg","problem":{"__proto__":[1]}}]}';
    const res = await raw(tp, 'POST', '/open_api/merchant/products', { token, body });
    expect([res.status, res.json.meta.code]).toEqual([400, 400]);
  });

  it('product_list that is missing, empty or not an array is 400; over 100 is 40058', async () => {
    for (const body of ['{}', '{"product_list": []}', '{"product_list": {"custom_id": "A"}}', '{"treatment_list": [{}]}']) {
      const res = await raw(tp, 'POST', '/open_api/merchant/products', { token, body });
      expect([res.status, res.json.meta.code], body).toEqual([400, 400]);
    }
    const many = JSON.stringify({ product_list: Array.from({ length: 101 }, () => ({})) });
    const res = await raw(tp, 'POST', '/open_api/merchant/products', { token, body: many });
    expect([res.status, res.json.meta.code]).toEqual([200, 40058]);
  });

  it('a status path that is not 1 or -1 is 400; an extra path segment is 404', async () => {
    for (const status of ['0', '%00', 'true', '1.0', '--1', '%F0%9F%98%80']) {
      const res = await raw(tp, 'PATCH', `/open_api/product/status/${status}`, { token, body: '{"custom_id_list":["P1001"]}' });
      expect([res.status, res.json.meta.code], status).toEqual([400, 400]);
    }
    const res = await raw(tp, 'PATCH', '/open_api/treatment/status/1/x', { token, body: '{"custom_id_list":["T2001"]}' });
    expect(res.status).toBe(404);
  });

  it('a wrong method on a catalogue path is 405', async () => {
    for (const [method, path] of [['POST', '/open_api/product/links'], ['GET', '/open_api/product/sale_stores'], ['DELETE', '/open_api/store/products'], ['POST', '/open_api/treatment/status/1']] as const) {
      const res = await raw(tp, method, path, { token });
      expect([res.status, res.json.meta.code], `${method} ${path}`).toEqual([405, 405]);
    }
  });

  it('sale_stores and links bodies of the wrong shape are 400 (or their field code)', async () => {
    const cases: Array<[string, string, number]> = [
      ['/open_api/product/sale_stores', '{"custom_id":"P1001","sell_type":"2","store_list":["SG001"]}', 400],
      ['/open_api/product/sale_stores', '{"custom_id":"P1001","sell_type":2,"store_list":"SG001"}', 400],
      ['/open_api/product/sale_stores', '{"custom_id":"P1001","sell_type":2,"store_list":[1]}', 11029],
      ['/open_api/product/sale_stores', '{"custom_id":["P1001"],"sell_type":1}', 40055],
      ['/open_api/treatment/links', '{"custom_id":"T2001","link_list":{"store_custom_id":"SG001"}}', 400],
      ['/open_api/treatment/links', '{"custom_id":"T2001","link_list":[null]}', 400],
      ['/open_api/treatment/links', '{"custom_id":"T2001","link_list":[{"store_custom_id":"SG001","link_type":"1","link":"https://x.example.com"}]}', 400],
      ['/open_api/treatment/links', '{"custom_id":"T2001"}', 400],
    ];
    for (const [path, body, code] of cases) {
      const res = await raw(tp, 'PATCH', path, { token, body });
      expect(res.json.meta.code, `${body}: ${res.json.meta.error}`).toBe(code);
      expect(res.status).toBe(code === 400 ? 400 : 200);
    }
  });
});
