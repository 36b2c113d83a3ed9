import { describe, expect, it } from 'vitest';
import type { RoutineItem } from '../../../protocol/device-sync/shared-links.ts';
import { httpUrl, routineImageUrls, routineSection } from '../../../platform/report-data/shared-page/routine-section.ts';

const item = (overrides: Partial<RoutineItem> = {}): RoutineItem => ({
  kind: 'product',
  custom_id: 'P1',
  name: 'Serum',
  sub_title: '',
  pic: 'https://cdn.example.com/p1.jpg',
  price: 1299.5,
  price_unit: 0,
  price_symbol: '',
  link: 'https://shop.example.com/p1',
  why: { dimension: 'speckle', level: 2 },
  ...overrides,
});

describe('the phone page routine section', () => {
  it('is absent when nothing is recommended', () => {
    expect(routineSection([], 'en')).toBe('');
  });

  it('never puts a script or data address in a link or picture', () => {
    const html = routineSection([item({ link: 'javascript:alert(1)', pic: 'data:image/png;base64,AAAA' })], 'en');
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toContain('<span class="no-pic"></span>');
    expect(html).not.toContain('<a ');
    expect(routineImageUrls([item({ pic: 'data:image/png;base64,AAAA' }), item()])).toEqual(['https://cdn.example.com/p1.jpg']);
    expect([httpUrl('ftp://x/y'), httpUrl('not a url'), httpUrl('http://a.example/b')]).toEqual([null, null, 'http://a.example/b']);
  });

  it('groups products before treatments and prices in the currency of the item', () => {
    const html = routineSection([item({ kind: 'treatment', custom_id: 'T1', name: 'Facial' }), item()], 'en');
    expect(html.indexOf('<h3>Products</h3>')).toBeLessThan(html.indexOf('<h3>Treatments</h3>'));
    expect(html).toContain('¥1,299.50');
  });
});
