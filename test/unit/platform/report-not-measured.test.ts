import { describe, expect, it } from 'vitest';
import { reportItemOf, reportPageOf } from '../../../platform/report-data/presenter.ts';
import { renderReportPage } from '../../../platform/report-data/shared-page/report-page.ts';
import type { ReportRow } from '../../../platform/report-data/report-repository.ts';
import { reportItemDeviceVSchema, reportItemSdkSchema } from '../../../protocol/report-data/report-items.ts';

const files = (key: string) => `https://files.example.com/${key}`;

const measured = [
  { dimension: 'pore', level: 2, score: 70, confidence: 0.9, annotations: [] },
  { dimension: 'speckle', level: 1, score: 64, confidence: 0.5, annotations: [], caveats: ['makeup'] },
];
const notMeasured = [{ dimension: 'wrinkle', reason: 'resolution', detail: '2.1 px/mm on the face, needs 6' }];

function row(result: object, overrides: Partial<ReportRow> = {}): ReportRow {
  return {
    id: 1,
    merchant_id: 7,
    source_type: 'device20',
    report_no: 101,
    client_report_id: 'c1',
    request_hash: 'h',
    user_id: 3,
    user_no: 30,
    user_custom_id: 'U-1',
    consented: 1,
    store_id: 2,
    store_custom_id: 'SG001',
    account_id: 0,
    device_sn: 'SN1',
    task_id: 't1',
    api_code: 'device_v',
    algorithm_variant: 'standard',
    light_sources: '["white"]',
    images: JSON.stringify({ white_front_image: 'k-front' }),
    result: JSON.stringify({ type: 'skin', mask_format: 'annotation_image', overall_score: 67, dimensions: measured, ...result }),
    page_key: 'p',
    page_expires_at: 1_800_000_000,
    app_id: 'app',
    created_at: 1_764_000_000_000,
    stored_at: 1_764_000_000_000,
    ...overrides,
  };
}

describe('pull and push report items (D-033)', () => {
  it('carry not_measured and the caveats of measured dimensions, every earlier field unchanged', () => {
    const item = reportItemOf(row({ not_measured: notMeasured }), files, 'https://r.example.com/x');
    expect(reportItemDeviceVSchema.parse(item)).toEqual(item);
    expect(item.not_measured).toEqual(notMeasured);
    expect(item.dimensions.map((d) => [d.dimension, d.score, d.level_name, d.caveats])).toEqual([
      ['pore', 70, expect.any(String), undefined],
      ['speckle', 64, expect.any(String), ['makeup']],
    ]);
    expect(item).toMatchObject({ id: 101, overall_score: 67, report_url: 'https://r.example.com/x', images: { white_front_image: files('k-front') }, device_sn: 'SN1' });
  });

  it('give not_measured [] for a result stored before D-033', () => {
    const old = row({}, { source_type: 'pad', api_code: 'online_skin', images: JSON.stringify({ front_image: 'k-front' }) });
    const item = reportItemOf(old, files, '');
    expect(item.not_measured).toEqual([]);
    expect(reportItemSdkSchema.parse(item)).toEqual(item);
    // A consumer reading an item from before the field existed gets [] too.
    const { not_measured: _dropped, ...earlier } = item;
    expect(reportItemSdkSchema.parse(earlier).not_measured).toEqual([]);
  });
});

describe('phone page (D-033)', () => {
  const page = reportPageOf(row({ not_measured: notMeasured }), { merchant: 'Lumi', store: 'Orchard' }, files, []);

  it('lists a not-measured dimension with its reason and no score, level or bar', () => {
    const html = renderReportPage(page, 'en').html;
    const item = /<li class="not-measured"[^>]*>[\s\S]*?<\/li>/.exec(html)?.[0] ?? '';
    expect(item).toContain('data-dimension="wrinkle"');
    expect(item).toContain('Wrinkles');
    expect(item).toContain('Not measured: the photo is too far away to see such fine detail');
    expect(item).not.toMatch(/class="(score|level|bar|fill)/);
    expect(item).not.toContain('/ 100');
    // The measured ones still show their scores, and the caveat as a note.
    expect(html).toContain('70<small>/ 100</small>');
    expect(html).toContain('Less certain: make-up');
  });

  it('words it in the page language', () => {
    const zh = renderReportPage(page, 'zh-Hans').html;
    expect(zh).toContain('未测量：拍摄距离太远，看不清这么细微的细节');
    expect(zh).toContain('准确度较低：妆容');
    const ar = renderReportPage(page, 'ar').html;
    expect(ar).toContain('لم يُقَس: الصورة بعيدة جدًا لرؤية هذه التفاصيل الدقيقة');
  });

  it('shows no not-measured list for a report stored before D-033', () => {
    const old = reportPageOf(row({}), { merchant: 'Lumi', store: 'Orchard' }, files, []);
    expect(old.not_measured).toEqual([]);
    expect(renderReportPage(old, 'en').html).not.toContain('class="not-measured"');
  });
});

describe('phone page: marks at the best level (D-124)', () => {
  const marked = (dimension: string, level: number, kind: 'spot' | 'line' | 'area') => ({
    dimension,
    level,
    score: 88,
    confidence: 0.9,
    annotations: [{ view: 'front', light: 'white', format: 'annotation_image', url: files('a.jpg'), marks: [{ kind, count: 1, area_mm2: 11.9 }] }],
  });
  const pageOf = (dimension: object) => renderReportPage(reportPageOf(row({ dimensions: [dimension] }), { merchant: 'Lumi', store: 'Orchard' }, files, []), 'en').html;

  it('says why a circled spot graded None is not a concern', () => {
    const html = pageOf(marked('speckle', 1, 'spot'));
    expect(html).toContain('1 spot circled');
    expect(html).toContain('<p class="first-level">Graded None: what is marked is too little or too slight to count as a concern.</p>');
  });

  it('says nothing of the kind above the best level, or for a shaded area', () => {
    expect(pageOf(marked('speckle', 2, 'spot'))).not.toContain('class="first-level"');
    expect(pageOf(marked('black_rim_of_eye', 1, 'area'))).not.toContain('class="first-level"');
  });

  it('words it in the page language', () => {
    const zh = renderReportPage(reportPageOf(row({ dimensions: [marked('speckle', 1, 'spot')] }), { merchant: 'Lumi', store: 'Orchard' }, files, []), 'zh-Hans').html;
    expect(zh).toMatch(/<p class="first-level">评级为[^：]+：标记处数量少或程度轻，不构成问题。<\/p>/);
  });
});
