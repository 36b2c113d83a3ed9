import type { Messages } from './en.ts';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? string : DeepPartial<T[K]> };

/**
 * Arabic: partial on purpose. It proves the two things issue 8 asks of the untranslated
 * languages: the layout mirrors (right to left) and every missing text falls back to English
 * key by key, never to a raw key. A merchant that needs full Arabic adds the rest here.
 */
export const ar: DeepPartial<Messages> = {
  common: { back: 'رجوع', cancel: 'إلغاء', continue: 'متابعة', language: 'اللغة' },
  status: { online: 'متصل', offline: 'غير متصل' },
  idle: {
    title: 'تعرّف على بشرتك بوضوح',
    subtitle: 'جلسة تصوير موجّهة لمدة دقيقة واحدة، ثم تقرير بشرتك الشخصي.',
    chooseLanguage: 'المس لغتك للبدء',
  },
  consent: { title: 'قبل أن نبدأ', agree: 'أوافق', accept: 'موافقة ومتابعة', decline: 'لا، شكرًا' },
  capture: { ok: 'ممتاز — اثبت مكانك' },
  results: { title: 'تقرير بشرتك' },
};
