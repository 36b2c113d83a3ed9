/**
 * Sentences from main reach the screen as message keys (main/kiosk-api/messages.ts) and are
 * translated by the renderer (renderer/i18n/main-messages.ts): the English catalogue says what
 * main's log says, Chinese is complete with the same parameters, other languages fall back per
 * key to English, and ids inside a sentence (lights, controller, region) and times are written in
 * the screen's language.
 */
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { rendererTranslator } from '../../helpers/renderer-i18n.ts';
import { MESSAGE_KEYS, MESSAGE_TEXTS, uiMessage } from '../../../main/kiosk-api/messages.ts';
import { kioskApiContract } from '../../../main/kiosk-api/contract.ts';
import type { LanguageCode } from '../../../protocol/enums/languages.ts';
import { en } from '../../../renderer/i18n/en.ts';
import { translateMessage } from '../../../renderer/i18n/main-messages.ts';
import { zhHans } from '../../../renderer/i18n/zh-Hans.ts';

function leaf(catalogue: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message keys of main in the renderer catalogues', () => {
  it('has main’s own English sentence for every key', () => {
    for (const key of MESSAGE_KEYS) expect(leaf(en.main, key), key).toBe(MESSAGE_TEXTS[key]);
    const flat = Object.entries(en.main).flatMap(([group, texts]) => Object.keys(texts).map((name) => `${group}.${name}`));
    expect(flat.sort()).toEqual([...MESSAGE_KEYS].sort());
  });

  it('has every key in Chinese, with the same parameters as the English', () => {
    for (const key of MESSAGE_KEYS) {
      const zh = leaf(zhHans.main, key);
      expect(typeof zh, key).toBe('string');
      expect(zh, key).not.toBe(MESSAGE_TEXTS[key]);
      expect(placeholders(zh as string), key).toEqual(placeholders(MESSAGE_TEXTS[key]));
    }
  });

  it('builds the English text main logs, and the contract accepts only known keys', () => {
    expect(uiMessage('sync.uploading', { done: 2, total: 15 })).toEqual({ key: 'sync.uploading', params: { done: 2, total: 15 }, text: 'Uploading photos (2 of 15).' });
    expect(uiMessage('diag.sync_queue', { pending: 0, failed: 0, lastSuccessAt: Date.UTC(2026, 0, 2, 3, 4, 5) }).text).toBe('Sessions waiting: 0; failed: 0; last synced 2026-01-02T03:04:05.000Z.');
    const output = kioskApiContract.testLight.output;
    expect(output.safeParse({ ok: true, detail: uiMessage('light.ok') }).success).toBe(true);
    expect(output.safeParse({ ok: true, detail: { key: 'light.unknown', params: {}, text: 'x' } }).success).toBe(false);
    expect(output.safeParse({ ok: true, detail: 'Switched on' }).success).toBe(false);
  });
});

describe('translating main’s messages', () => {
  let t: (lang: LanguageCode) => TFunction;
  beforeAll(async () => {
    t = await rendererTranslator();
  });

  it('writes Chinese with Chinese names for lights and controllers', () => {
    const say = (m: ReturnType<typeof uiMessage>) => translateMessage(t('zh-Hans'), 'zh-Hans', m);
    expect(say(uiMessage('sync.uploading', { done: 2, total: 15 }))).toBe('正在上传照片（2/15）。');
    expect(say(uiMessage('diag.lights_ok', { controller: 'serial', lights: 'white,cross_polar,uv' }))).toBe('串口灯光控制器；光源：白光、交叉偏振光、紫外光。');
    expect(say(uiMessage('diag.platform_down', { address: 'http://127.0.0.1:9', detail: 'connect ECONNREFUSED', region: 'overseas' }))).toBe('http://127.0.0.1:9 没有响应：connect ECONNREFUSED（区域：海外）。');
    const at = new Date(2026, 0, 2, 15, 4).getTime();
    expect(say(uiMessage('diag.sync_queue', { pending: 1, failed: 0, lastSuccessAt: at }))).toContain(new Intl.DateTimeFormat('zh-Hans', { dateStyle: 'medium', timeStyle: 'short' }).format(at));
  });

  it('falls back to English per key in a language without these texts, never to a raw key', () => {
    for (const lang of ['ja', 'ar', 'zh-Hant-HK'] as const) {
      const text = translateMessage(t(lang), lang, uiMessage('diag.lights_ok', { controller: 'none', lights: 'white' }));
      expect(text, lang).not.toMatch(/main\.|diag\.|\{\{/);
      if (lang === 'zh-Hant-HK') expect(text).toBe('无灯光控制器；光源：白光。');
      // Arabic has the lights' names (customer texts, D-118) but not the technician's sentence.
      else if (lang === 'ar') expect(text).toBe('No light controller; lights: أبيض.');
      else expect(text, lang).toBe('No light controller; lights: White.');
    }
  });
});
