/**
 * The report-link e-mail's words per language (D-067): the kiosk's catalogues are English,
 * Simplified Chinese and Arabic (renderer/i18n), so are these; any other language takes the
 * nearest of them along the specification's fallback chain, ending in English. No health data:
 * the message names the store, the link and its expiry, nothing the analysis found.
 */
import { fallbackLanguages, isRightToLeft, type LanguageCode } from '../../protocol/enums/languages.ts';

export interface ReportEmailTexts {
  readonly subject: (store: string) => string;
  readonly greeting: string;
  readonly intro: (store: string, date: string) => string;
  readonly button: string;
  readonly expiry: (time: string) => string;
  readonly forwarding: string;
  readonly why: (store: string) => string;
}

const TEXTS: Partial<Record<LanguageCode, ReportEmailTexts>> = {
  en: {
    subject: (store) => `Your skin analysis report from ${store}`,
    greeting: 'Hello,',
    intro: (store, date) => `here is the link to the skin analysis you had at ${store} on ${date}.`,
    button: 'Open my report',
    expiry: (time) => `The link works until ${time}.`,
    forwarding: 'Anyone who has the link can open the report, so forward it only to people you choose.',
    why: (store) => `You receive this message because you asked for it at the ${store} analysis station. No other e-mail follows from it.`,
  },
  'zh-Hans': {
    subject: (store) => `您在${store}的肌肤分析报告`,
    greeting: '您好，',
    intro: (store, date) => `这是您于${date}在${store}进行的肌肤分析的报告链接。`,
    button: '打开我的报告',
    expiry: (time) => `链接有效期至${time}。`,
    forwarding: '任何拿到链接的人都能打开报告，请只转发给您信任的人。',
    why: (store) => `您收到这封邮件，是因为您在${store}的分析设备上要求发送。此后不会再有其他邮件。`,
  },
  ar: {
    subject: (store) => `تقرير تحليل بشرتك من ${store}`,
    greeting: 'مرحبًا،',
    intro: (store, date) => `هذا رابط تحليل البشرة الذي أجريته في ${store} بتاريخ ${date}.`,
    button: 'افتح تقريري',
    expiry: (time) => `يعمل الرابط حتى ${time}.`,
    forwarding: 'يمكن لأي شخص لديه الرابط فتح التقرير، لذا أرسله فقط لمن تختار.',
    why: (store) => `تصلك هذه الرسالة لأنك طلبتها في جهاز التحليل لدى ${store}. لن تتبعها رسائل أخرى.`,
  },
};

/** The words and the language they are in (the language asked, or its nearest with a catalogue). */
export function reportEmailTexts(language: LanguageCode): { readonly language: LanguageCode; readonly texts: ReportEmailTexts; readonly rtl: boolean } {
  for (const candidate of fallbackLanguages(language)) {
    const texts = TEXTS[candidate];
    if (texts) return { language: candidate, texts, rtl: isRightToLeft(candidate) };
  }
  return { language: 'en', texts: TEXTS.en!, rtl: false };
}
