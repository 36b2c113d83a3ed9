import { fallbackLanguages, localize, type LanguageCode, type LocalizedText as Text } from '../../../protocol/enums/languages.ts';
import type { LightSource, View } from '../../../protocol/skin-api/api-codes.ts';

/**
 * The few sentences of the shared report page and its refusal pages (decision R-021). Names of
 * dimensions and levels come from the specification's tables (protocol/enums/); these are the
 * page's own words. English, both Chinese scripts and Arabic (the right-to-left page must not
 * mix in English sentences, whose punctuation the bidirectional layout scatters); the page is
 * shown only in a language it has its own sentences for (`hasPageTexts`, D-137).
 */

const TEXTS = {
  title: { en: 'Your skin analysis', 'zh-Hans': '您的皮肤检测报告', 'zh-Hant': '您的皮膚檢測報告', ar: 'تحليل بشرتك' },
  analysedOn: { en: 'Analysed on {date}', 'zh-Hans': '检测日期：{date}', 'zh-Hant': '檢測日期：{date}', ar: 'تاريخ التحليل: {date}' },
  overall: { en: 'Overall score', 'zh-Hans': '综合评分', 'zh-Hant': '綜合評分', ar: 'النتيجة الإجمالية' },
  outOf: { en: 'out of 100', 'zh-Hans': '满分 100', 'zh-Hant': '滿分 100', ar: 'من 100' },
  skinAge: { en: 'Skin age', 'zh-Hans': '肌肤年龄', 'zh-Hant': '肌膚年齡', ar: 'عمر البشرة' },
  results: { en: 'Your results', 'zh-Hans': '检测结果', 'zh-Hant': '檢測結果', ar: 'نتائجك' },
  scoreNote: {
    // The kiosk's words (renderer/i18n/results-*.ts rawNote): a customer reads both.
    en: 'Scores run from 0 to 100, higher is healthier, and are shown exactly as measured.',
    'zh-Hans': '分数范围为 0 至 100，越高越健康，均按实测结果显示。',
    'zh-Hant': '分數範圍為 0 至 100，越高越健康，均按實測結果顯示。',
    ar: 'تتراوح الدرجات بين 0 و100، وكلما ارتفعت كانت البشرة أكثر صحة، وتُعرض كما قيست تمامًا.',
  },
  /** D-033: "{reason}" is a sentence of protocol/enums/measurement-limits.ts in the same language. */
  notMeasured: { en: 'Not measured: {reason}', 'zh-Hans': '未测量：{reason}', 'zh-Hant': '未測量：{reason}', ar: 'لم يُقَس: {reason}' },
  lessCertain: { en: 'Less certain: {reasons}', 'zh-Hans': '准确度较低：{reasons}', 'zh-Hant': '準確度較低：{reasons}', ar: 'أقل دقة: {reasons}' },
  // A disclosure's label: it must read as something to open, not as a label of nothing (D-137).
  marked: { en: 'Show the marked areas', 'zh-Hans': '查看标注区域', 'zh-Hant': '查看標註區域', ar: 'عرض المناطق المحددة' },
  photos: { en: 'Your photos', 'zh-Hans': '检测照片', 'zh-Hant': '檢測照片', ar: 'صورك' },
  footer: {
    en: 'A read-only report from {store}. Anyone who has this link can see your photos and results until it stops working on {date}, so share it only with people you choose.',
    'zh-Hans': '本报告由{store}提供，仅供查看。在此链接于 {date} 失效之前，任何持有链接的人都能看到您的照片和检测结果。请只分享给您信任的人。',
    'zh-Hant': '本報告由{store}提供，僅供查看。在此連結於 {date} 失效之前，任何持有連結的人都能看到您的照片和檢測結果。請只分享給您信任的人。',
    ar: 'تقرير للاطلاع فقط من {store}. يستطيع كل من لديه هذا الرابط رؤية صورك ونتائجك حتى تنتهي صلاحيته في {date}، فلا تشاركه إلا مع من تختار.',
  },
  expiredTitle: { en: 'Link expired', 'zh-Hans': '链接已过期', 'zh-Hant': '連結已過期', ar: 'انتهت صلاحية الرابط' },
  // A link's expiry is fixed with its report, and staff cannot make a new one; the kiosk that
  // took the report may still show it (its photos go after the retention period, or on a
  // deletion), so the page promises no more than that (D-137).
  expired: {
    en: 'This link has expired, so your photos and results are no longer shown here. The store may still have your report: ask there.',
    'zh-Hans': '此链接已过期，这里不再显示您的照片和检测结果。门店可能仍保存着您的报告，可向门店询问。',
    'zh-Hant': '此連結已過期，這裡不再顯示您的照片和檢測結果。門市可能仍保存著您的報告，可向門市詢問。',
    ar: 'انتهت صلاحية هذا الرابط، فلم تعد صورك ونتائجك تظهر هنا. قد يكون تقريرك لا يزال لدى المتجر، فاسأل هناك.',
  },
  invalidTitle: { en: 'Link not valid', 'zh-Hans': '链接无效', 'zh-Hant': '連結無效', ar: 'الرابط غير صالح' },
  invalid: {
    en: 'This link is not valid: it may have been changed or cut short. Open it again from the e-mail you were sent, or ask the store.',
    'zh-Hans': '此链接无效：可能已被修改或不完整。请从收到的邮件中重新打开，或向门店询问。',
    'zh-Hant': '此連結無效：可能已被修改或不完整。請從收到的郵件中重新開啟，或向門市詢問。',
    ar: 'هذا الرابط غير صالح: ربما غُيّر أو اقتُطع جزء منه. افتحه مرة أخرى من البريد الإلكتروني الذي وصلك، أو اسأل المتجر.',
  },
  unavailableTitle: { en: 'Report unavailable', 'zh-Hans': '报告暂不可用', 'zh-Hant': '報告暫不可用', ar: 'التقرير غير متاح' },
  unavailable: {
    en: 'This report cannot be shown right now. Please try again later.',
    'zh-Hans': '暂时无法显示此报告，请稍后再试。',
    'zh-Hant': '暫時無法顯示此報告，請稍後再試。',
    ar: 'لا يمكن عرض هذا التقرير الآن. يُرجى المحاولة لاحقًا.',
  },
} as const satisfies Record<string, Text>;

export type TextKey = keyof typeof TEXTS;
export const TEXT_KEYS = Object.keys(TEXTS) as TextKey[];

const VIEWS: Readonly<Record<View, Text>> = {
  front: { en: 'Front', 'zh-Hans': '正面', 'zh-Hant': '正面', ar: 'من الأمام' },
  left: { en: 'Left side', 'zh-Hans': '左侧', 'zh-Hant': '左側', ar: 'الجانب الأيسر' },
  right: { en: 'Right side', 'zh-Hans': '右侧', 'zh-Hant': '右側', ar: 'الجانب الأيمن' },
};

const LIGHTS: Readonly<Record<LightSource, Text>> = {
  white: { en: 'white light', 'zh-Hans': '白光', 'zh-Hant': '白光', ar: 'ضوء أبيض' },
  // Named as on the kiosk's light tabs ("Soft white"), so the two say the same photo.
  white_glow: { en: 'soft white light', 'zh-Hans': '柔白光', 'zh-Hant': '柔白光', ar: 'ضوء أبيض ناعم' },
  cross_polar: { en: 'cross-polarised light', 'zh-Hans': '交叉偏振光', 'zh-Hant': '交叉偏振光', ar: 'ضوء مستقطب متقاطع' },
  parallel_polar: { en: 'parallel-polarised light', 'zh-Hans': '平行偏振光', 'zh-Hant': '平行偏振光', ar: 'ضوء مستقطب متوازٍ' },
  uv: { en: 'UV light', 'zh-Hans': '紫外光', 'zh-Hant': '紫外光', ar: 'ضوء فوق بنفسجي' },
};

/**
 * Whether the page has its own sentences in this language (zh-Hant-HK reads zh-Hant's): in any
 * other, its sentences would be English under localised names, a page in two languages under
 * one `lang`, so it is shown in another accepted language or in English (D-137).
 */
export function hasPageTexts(lang: LanguageCode): boolean {
  return lang === 'en' || fallbackLanguages(lang).some((code) => code !== 'en' && code in TEXTS.title);
}

export function pageText(key: TextKey, lang: LanguageCode): string {
  return localize(TEXTS[key], lang);
}

/**
 * The caption of an image by its key (`white_front_image`, `front_image`): view, then light
 * where the key names one; the key itself when it is neither.
 */
export function imageCaption(imageKey: string, lang: LanguageCode): string {
  const match = /^(?:(\w+?)_)?(front|left|right)_image$/.exec(imageKey);
  if (!match) return imageKey;
  const view = localize(VIEWS[match[2] as View], lang);
  const lightKey = match[1];
  if (lightKey === undefined) return view;
  const light = Object.prototype.hasOwnProperty.call(LIGHTS, lightKey) ? localize(LIGHTS[lightKey as LightSource], lang) : lightKey;
  return `${view} · ${light}`;
}
