import { createHash } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformClient } from '../../../main/platform-client/client.ts';
import { REPORT_PAGE_TTL_SECONDS, type ReportPage } from '../../../protocol/device-sync/shared-links.ts';
import { deviceSyncEndpoints } from '../../../protocol/endpoints/device-sync.ts';
import { merchantEndpoints } from '../../../protocol/endpoints/merchant.ts';
import { dimensionName, levelName } from '../../../protocol/enums/dimensions.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { startTestPlatform, type TestPlatform } from '../../helpers/platform.ts';
import { uploadResources } from '../../helpers/uploads.ts';
import { captureSession, reportBody, syncUser, WHITE_KEYS } from './helpers.ts';

/** What a phone browser sends (Chromium on Android). */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const STORE_NAME = 'Orchard <script>alert("x")</script> & Co';

interface Answer {
  status: number;
  type: string;
  csp: string;
  cache: string;
  referrer: string;
  text: string;
}

async function open(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await request(url, { headers });
  const header = (name: string) => String(res.headers[name] ?? '');
  return { status: res.statusCode, type: header('content-type'), csp: header('content-security-policy'), cache: header('cache-control'), referrer: header('referrer-policy'), text: await res.body.text() };
}

function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

describe('the shared report page as HTML (GET /shared/reports/{key})', () => {
  const clock = new ManualClock(Date.UTC(2026, 4, 10, 8));
  let tp: TestPlatform;
  let client: PlatformClient;
  let reportUrl: string;
  let json: ReportPage;

  beforeAll(async () => {
    tp = await startTestPlatform({ clock, config: { analysisWorkers: 1 } });
    const app = tp.app('primary');
    client = tp.client(app);
    await client.call(merchantEndpoints.updateStore, { body: { custom_id: 'SG001', name: STORE_NAME } });
    const user = await syncUser(client, { name: 'Private Name', phone_number: '99998888', email: 'private.person@example.com' });
    const images = await uploadResources(client, WHITE_KEYS);
    const session = { images, taskId: (await captureSession(tp, client, Number(app.merchant_id))).taskId };
    const report = await client.call(deviceSyncEndpoints.submitReport, { body: reportBody(user.client_user_id, session) });
    reportUrl = report.report_url;
    const envelope = JSON.parse((await open(reportUrl, { accept: 'application/json' })).text) as { meta: { code: number }; response: ReportPage };
    expect(envelope.meta.code).toBe(0);
    json = envelope.response;
  });
  afterAll(() => tp.stop());

  it('renders the report for a phone browser: names, raw scores, levels, signed images, no personal data', async () => {
    const page = await open(reportUrl, { accept: BROWSER_ACCEPT });
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.text).toMatch(/^<!doctype html>/);
    expect(page.text).toContain('<html lang="en" dir="ltr">');
    expect(page.text).toContain('Lumen Skin Studio');
    expect(json.dimensions.map((d) => [d.dimension, d.score])).toEqual([['pore', 70], ['acne', 95]]);
    for (const d of json.dimensions) {
      expect(page.text).toContain(`<span class="name">${dimensionName(d.dimension, 'en')}</span>`);
      expect(page.text).toContain(`<span class="score">${d.score}<small>`);
      expect(page.text).toContain(`<div class="level">${levelName(d.dimension, d.level, 'en')}</div>`);
    }
    expect(page.text).toContain('<span class="value">82.5</span>');
    expect(page.text).toContain('<span class="value">31</span>');
    for (const url of Object.values(json.images as Record<string, string>)) expect(page.text).toContain(`<img src="${escaped(url)}"`);
    // The page's image addresses are the signed, working file links (the photos' first; marked photos come before them since D-070).
    const src = /<div class="photos"><figure><img src="([^"]+)"/.exec(page.text)![1]!.replace(/&amp;/g, '&');
    expect(new URL(src).searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const image = await request(src);
    // A face photo stays in no browser cache after the page, which is no-store too (D-137).
    expect([image.statusCode, image.headers['content-type'], image.headers['cache-control'], image.headers['referrer-policy']]).toEqual([200, 'image/jpeg', 'private, no-store', 'no-referrer']);
    expect([page.cache, page.referrer]).toEqual(['private, no-store', 'no-referrer']);
    // The customer is told what the link shows, and to whom.
    expect(page.text).toContain('Anyone who has this link can see your photos and results until it stops working on');
    expect(page.text).toContain('share it only with people you choose.');
    await image.body.dump();
    for (const personal of ['Private Name', '99998888', 'private.person@example.com']) expect(page.text).not.toContain(personal);
  });

  it('escapes the merchant-controlled store name and allows no script', async () => {
    const page = await open(reportUrl, { accept: BROWSER_ACCEPT });
    expect(page.text).toContain('Orchard &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(page.text.toLowerCase()).not.toContain('<script');
    expect(page.csp).toContain("default-src 'none'");
    expect(page.csp).toContain(`img-src ${new URL(reportUrl).origin};`);
    expect(page.csp).not.toContain('unsafe');
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
    expect(page.csp).toContain(`style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  });

  it('speaks Simplified Chinese by lang=zh-Hans and by Accept-Language, the query first', async () => {
    const viaQuery = await open(`${reportUrl}&lang=zh-Hans`, { accept: BROWSER_ACCEPT });
    const viaHeader = await open(reportUrl, { accept: BROWSER_ACCEPT, 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' });
    for (const page of [viaQuery, viaHeader]) {
      expect(page.status).toBe(200);
      expect(page.text).toContain('<html lang="zh-Hans" dir="ltr">');
      expect(page.text).toContain('检测结果');
      expect(page.text).toContain(`<span class="name">${dimensionName('pore', 'zh-Hans')}</span>`);
      expect(page.text).toContain(`<div class="level">${levelName('pore', 2, 'zh-Hans')}</div>`);
    }
    expect(dimensionName('pore', 'zh-Hans')).not.toBe(dimensionName('pore', 'en'));
    const english = await open(`${reportUrl}&lang=en`, { accept: BROWSER_ACCEPT, 'accept-language': 'zh-CN' });
    expect(english.text).toContain('<html lang="en" dir="ltr">');
    // A language the page has no sentences of is not half-served (D-137): the next accepted one, else English.
    const unknown = await open(`${reportUrl}&lang=xx`, { accept: BROWSER_ACCEPT, 'accept-language': 'fr-FR,en;q=0.5' });
    expect(unknown.text).toContain('<html lang="en" dir="ltr">');
    expect(unknown.text).toContain(`<span class="name">${dimensionName('pore', 'en')}</span>`);
    const french = await open(`${reportUrl}&lang=fr`, { accept: BROWSER_ACCEPT, 'accept-language': 'fr-FR,zh-CN;q=0.5' });
    expect(french.text).toContain('<html lang="zh-Hans" dir="ltr">');
  });

  it('lays Arabic out right to left with the Arabic names of the tables', async () => {
    for (const page of [await open(`${reportUrl}&lang=ar`, { accept: BROWSER_ACCEPT }), await open(reportUrl, { accept: BROWSER_ACCEPT, 'accept-language': 'ar-SA' })]) {
      expect(page.text).toContain('<html lang="ar" dir="rtl">');
      expect(page.text).toContain(`<span class="name">${dimensionName('acne', 'ar')}</span>`);
      expect(page.text).toContain('<h2>نتائجك</h2>');
    }
  });

  it('answers an altered or expired link with a 403 page that says so', async () => {
    const altered = reportUrl.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 60}`);
    const alteredPage = await open(altered, { accept: BROWSER_ACCEPT });
    expect([alteredPage.status, alteredPage.type]).toEqual([403, 'text/html; charset=utf-8']);
    expect(alteredPage.text).toContain('This link is not valid');
    expect(alteredPage.text).not.toContain('Lumen Skin Studio');
    const unsigned = await open(reportUrl.slice(0, reportUrl.indexOf('?')), { accept: BROWSER_ACCEPT });
    expect([unsigned.status, unsigned.text.includes('This link is not valid')]).toEqual([403, true]);

    clock.advance(REPORT_PAGE_TTL_SECONDS * 1000);
    try {
      const expired = await open(reportUrl, { accept: BROWSER_ACCEPT });
      expect([expired.status, expired.type]).toEqual([403, 'text/html; charset=utf-8']);
      expect(expired.text).toContain('This link has expired, so your photos and results are no longer shown here. The store may still have your report: ask there.');
      expect(expired.csp).toContain("img-src 'none'");
      const chinese = await open(`${reportUrl}&lang=zh-Hans`, { accept: BROWSER_ACCEPT });
      expect([chinese.status, chinese.text.includes('此链接已过期，这里不再显示您的照片和检测结果。')]).toEqual([403, true]);
      const asJson = await open(reportUrl, { accept: 'application/json' });
      expect([asJson.status, (JSON.parse(asJson.text) as { meta: { code: number } }).meta.code]).toEqual([403, 46102]);
    } finally {
      clock.advance(-REPORT_PAGE_TTL_SECONDS * 1000);
    }
  });

  it('still answers the JSON envelope to clients that do not prefer HTML', async () => {
    const clients: Record<string, string>[] = [{}, { accept: '*/*' }, { accept: 'application/json' }, { accept: 'application/json, text/html;q=0.5' }];
    for (const headers of clients) {
      const page = await open(reportUrl, headers);
      expect(page.status).toBe(200);
      expect(page.type).toContain('application/json');
      expect([page.cache, page.referrer]).toEqual(['private, no-store', 'no-referrer']);
      const body = JSON.parse(page.text) as { meta: { code: number }; response: ReportPage };
      expect(body.meta.code).toBe(0);
      expect(body.response).toMatchObject({ report_id: json.report_id, store_name: STORE_NAME, overall_score: 82.5 });
    }
  });
});
