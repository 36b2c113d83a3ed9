import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/report-data/shared-page/html-escape.ts';
import { prefersHtml } from '../../../platform/report-data/shared-page/negotiation.ts';
import { pageLanguage } from '../../../platform/report-data/shared-page/page-language.ts';
import { hasPageTexts, imageCaption, pageText, TEXT_KEYS } from '../../../platform/report-data/shared-page/page-texts.ts';
import { concernExplains, concernName, SECTION_KEYS, sectionText } from '../../../platform/report-data/shared-page/section-texts.ts';
import { CONCERNS } from '../../../protocol/enums/concerns.ts';
import { LANGUAGE_CODES } from '../../../protocol/enums/languages.ts';

describe('shared report page: negotiation', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true], // Chromium, Safari
    ['text/html, */*', true],
    ['text/*', true], // JSON not acceptable at all
    ['text/*, application/*', false], // a tie, neither named: JSON as before
    ['text/html;q=0.9, application/json', false],
    ['application/json, text/html;q=0.5', false],
    ['application/json, text/html', false],
    ['*/*', false],
    ['', false],
    [undefined, false],
    ['text/html;q=0', false],
    ['TEXT/HTML', true],
  ])('Accept %j prefers HTML: %s', (accept, expected) => {
    expect(prefersHtml(accept)).toBe(expected);
  });
});

describe('shared report page: language', () => {
  it.each([
    ['zh-Hans', undefined, 'zh-Hans'],
    ['ZH-HANS', 'en', 'zh-Hans'],
    ['ar', 'en-US', 'ar'],
    // Only languages the page has its own sentences in (D-137): the next accepted one, else English.
    ['xx', 'ja-JP,en;q=0.5', 'en'],
    ['fr', 'fr-FR,fr;q=0.9,zh-CN;q=0.8', 'zh-Hans'],
    ['ja', undefined, 'en'],
    [undefined, 'en-US,zh-CN;q=0.9', 'en'],
    [undefined, 'zh-CN,zh;q=0.9', 'zh-Hans'],
    [undefined, 'zh-TW', 'zh-Hant'],
    [undefined, 'zh-Hant-TW', 'zh-Hant'],
    [undefined, 'zh-HK', 'zh-Hant-HK'],
    [undefined, 'zh', 'zh-Hans'],
    [undefined, 'es-PA', 'en'],
    [undefined, 'es-419, ar;q=0.5', 'ar'],
    [undefined, 'pt-BR', 'en'],
    [undefined, 'de-DE, fr;q=0.4, en;q=0.7', 'en'],
    [undefined, 'de-DE', 'en'],
    [undefined, 'fr;q=0, nl, zh-HK;q=0.2', 'zh-Hant-HK'],
    [undefined, 'zh-CN;q=0, en', 'en'],
    [undefined, '*', 'en'],
    [undefined, undefined, 'en'],
  ])('lang %j with Accept-Language %j is %s', (lang, acceptLanguage, expected) => {
    expect(pageLanguage(lang, acceptLanguage)).toBe(expected);
  });

  it('reads every language code of the specification when told every one is usable', () => {
    expect(pageLanguage('xx', 'ja-JP,en;q=0.5', () => true)).toBe('ja');
    expect(pageLanguage(undefined, 'es-419', () => true)).toBe('es-MX');
    expect(pageLanguage(undefined, 'pt-BR', () => true)).toBe('pt');
    expect(pageLanguage(undefined, 'es-PA', () => true)).toBe('es-PA');
    expect(pageLanguage(undefined, 'fr;q=0, nl', () => true)).toBe('nl');
  });
});

describe('shared report page: texts', () => {
  it('has every sentence of its own in each language it is shown in, so no page mixes in English (D-137)', () => {
    const shown = LANGUAGE_CODES.filter(hasPageTexts);
    expect(shown).toEqual(expect.arrayContaining(['en', 'zh-Hans', 'zh-Hant', 'zh-Hant-HK', 'ar']));
    expect(shown).toHaveLength(5);
    for (const lang of shown.filter((code) => code !== 'en')) {
      for (const key of TEXT_KEYS) expect(pageText(key, lang), `${key} ${lang}`).not.toBe(pageText(key, 'en'));
      for (const key of SECTION_KEYS) expect(sectionText(key, lang), `${key} ${lang}`).not.toBe(sectionText(key, 'en'));
      for (const concern of CONCERNS) {
        expect(concernName(concern, lang), `${concern} ${lang}`).not.toBe(concernName(concern, 'en'));
        expect(concernExplains(concern, lang), `${concern} ${lang}`).not.toBe(concernExplains(concern, 'en'));
      }
    }
  });

  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;');
  });

  it('captions images by view and light in the page language, English where untranslated', () => {
    expect(imageCaption('white_front_image', 'en')).toBe('Front · white light');
    expect(imageCaption('cross_polar_left_image', 'zh-Hans')).toBe('左侧 · 交叉偏振光');
    expect(imageCaption('front_image', 'ko')).toBe('Front');
    expect(imageCaption('unknown', 'en')).toBe('unknown');
  });
});
