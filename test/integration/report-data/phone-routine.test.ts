import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import type { ReportPage } from '../../../protocol/device-sync/shared-links.ts';
import { catalogueEndpoints as cat } from '../../../protocol/endpoints/catalogue.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { dimensionName, levelName } from '../../../protocol/enums/dimensions.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { productItem, treatmentItem } from '../catalogue/helpers.ts';
import { captureSession, reportBody, syncUser } from './helpers.ts';

/**
 * The phone page's routine (issue 16 item 11, D-076): the kiosk's recommendation rule on what the
 * report's store sells when the page is read. The report's result (helpers.ts skinResult) is
 * pore at level 2 and acne at level 0; the customer was born 1990-05-17 and the visit was in
 * November 2023 (age 33).
 */
describe('the routine on the customer report page', () => {
  let tp: TestPlatform;
  let client: PlatformClient;
  let reportUrl: string;

  // The demo merchant's seeded catalogue answers these findings too; the test reads its own items.
  const OURS = new Set(['PPORE', 'PPORE3', 'PACNE', 'PAGEIN', 'PAGEOUT', 'POFF', 'TPORE']);
  const ours = (page: ReportPage) => page.routine.filter((r) => OURS.has(r.custom_id));
  const json = async (lang = 'en'): Promise<ReportPage> => {
    const res = await request(reportUrl, { headers: { accept: 'application/json', 'accept-language': lang } });
    const envelope = (await res.body.json()) as { meta: { code: number }; response: ReportPage };
    expect(envelope.meta.code).toBe(0);
    return envelope.response;
  };
  const html = async (lang = 'en'): Promise<{ text: string; csp: string }> => {
    const res = await request(reportUrl, { headers: { accept: 'text/html', 'accept-language': lang } });
    return { text: await res.body.text(), csp: String(res.headers['content-security-policy']) };
  };

  beforeAll(async () => {
    tp = await startTestPlatform({ config: { analysisWorkers: 1 } });
    const app = tp.app('primary');
    client = tp.client(app);
    await client.call(cat.createProducts, {
      body: {
        product_list: [
          productItem('PPORE', { problem: { pore: [2] }, price: '39.90', price_unit: 11, link: 'https://shop.example.com/pore', sub_title: 'Clarifying <b>serum</b>' }),
          productItem('PPORE3', { problem: { pore: [3] } }),
          productItem('PACNE', { problem: { acne: [0] }, price: '12.00' }),
          productItem('PAGEIN', { problem: { pore: [2] }, age_limit: 1, min_age: 30, max_age: 40 }),
          productItem('PAGEOUT', { problem: { pore: [2] }, age_limit: 1, min_age: 50, max_age: 70 }),
          productItem('POFF', { problem: { pore: [2] } }),
        ],
      },
    });
    await client.call(cat.productStatus, { params: { status: -1 }, body: { custom_id_list: ['POFF'] } });
    await client.call(cat.createTreatments, { body: { treatment_list: [treatmentItem('TPORE', { problem: { pore: [2, 3] }, price: '80' })] } });
    const user = await syncUser(client);
    const session = await captureSession(tp, client, Number(app.merchant_id));
    reportUrl = (await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session) })).report_url;
  });
  afterAll(() => tp?.stop());

  it('lists what answers the findings at their levels, products then treatments, with the why', async () => {
    const page = await json();
    expect(ours(page).map((r) => [r.kind, r.custom_id, r.why])).toEqual([
      // Pore at level 2 weighs more than acne at its best level; at equal weight the cheaper
      // (PAGEIN, no price) first; the age-limited item fits a 33-year-old, PAGEOUT does not.
      ['product', 'PAGEIN', { dimension: 'pore', level: 2 }],
      ['product', 'PPORE', { dimension: 'pore', level: 2 }],
      ['product', 'PACNE', { dimension: 'acne', level: 0 }],
      ['treatment', 'TPORE', { dimension: 'pore', level: 2 }],
    ]);
    expect(ours(page)[1]).toMatchObject({ name: 'Serum PPORE', price: 39.9, price_unit: 11, link: 'https://shop.example.com/pore' });
  });

  it('renders it for a phone: names escaped, the why line in the page language, only http(s) links, pictures allowed by the CSP', async () => {
    const { text, csp } = await html();
    expect(text).toContain('<section class="routine"><h2>Recommended for you</h2>');
    expect(text).toContain(`For: ${dimensionName('pore', 'en')} — ${levelName('pore', 2, 'en')}`);
    expect(text).toContain('Clarifying &lt;b&gt;serum&lt;/b&gt;');
    expect(text).toContain('<a href="https://shop.example.com/pore" rel="noreferrer" target="_blank">More about it</a>');
    expect(text).toContain('<img src="https://cdn.example.com/p/PPORE.jpg"');
    expect(csp).toMatch(/img-src[^;]*https:\/\/cdn\.example\.com/);
    const zh = await html('zh-Hans');
    expect(zh.text).toContain('为您推荐');
    expect(zh.text).toContain(`针对：${dimensionName('pore', 'zh-Hans')} — ${levelName('pore', 2, 'zh-Hans')}`);
  });

  it('follows the catalogue: an item withdrawn after the visit is no longer offered', async () => {
    await client.call(cat.productStatus, { params: { status: -1 }, body: { custom_id_list: ['PPORE'] } });
    expect(ours(await json()).map((r) => r.custom_id)).toEqual(['PAGEIN', 'PACNE', 'TPORE']);
  });
});
