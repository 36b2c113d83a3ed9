/**
 * The consent clauses shown before a capture (kiosk API getConsentClauses). The two required
 * clauses have the fixed ids of the data rules (protocol/report-data/consent.ts, R-004); without
 * both the session ends at consent. Marketing is optional and changes nothing in the analysis.
 * The wording is a template a merchant's legal team replaces; it names what the kiosk does.
 */
import type { LanguageCode, LocalizedText } from '../../protocol/enums/languages.ts';
import { localize } from '../../protocol/enums/languages.ts';
import { PRIVACY_POLICY_CLAUSE_ID, USER_AGREEMENT_CLAUSE_ID } from '../../protocol/report-data/consent.ts';
import type { KioskOutput } from '../kiosk-api/types.ts';

export const MARKETING_CLAUSE_ID = 'marketing_messages';

type Clause = KioskOutput<'getConsentClauses'>['clauses'][number];

const CLAUSES: readonly { id: string; kind: Clause['kind']; required: boolean; title: LocalizedText; text: LocalizedText }[] = [
  {
    id: USER_AGREEMENT_CLAUSE_ID,
    kind: 'user_agreement',
    required: true,
    title: { en: 'User agreement', 'zh-Hans': '用户协议', ar: 'اتفاقية المستخدم' },
    text: {
      en: 'The skin analysis photographs your face from three angles under several lights and estimates skin measures. The results describe the appearance of your skin; they are not a medical diagnosis.',
      'zh-Hans': '皮肤检测会在多种光源下从三个角度拍摄您的面部，并估算皮肤指标。结果仅描述皮肤外观，不构成医疗诊断。',
      ar: 'يصوّر تحليل البشرة وجهك من ثلاث زوايا تحت عدة أنواع من الإضاءة ويقدّر مقاييس البشرة. تصف النتائج مظهر بشرتك، وليست تشخيصًا طبيًا.',
    },
  },
  {
    id: PRIVACY_POLICY_CLAUSE_ID,
    kind: 'personal_information',
    required: true,
    title: { en: 'Personal information', 'zh-Hans': '个人信息保护', ar: 'البيانات الشخصية' },
    text: {
      en: 'Your photos, profile and results are stored on this device and sent to the merchant\'s analysis service to produce your report. You can ask staff to delete your data at any time.',
      'zh-Hans': '您的照片、资料和检测结果会保存在本设备上，并发送至商家的分析服务以生成报告。您可以随时要求工作人员删除您的数据。',
      ar: 'تُحفظ صورك وملفك ونتائجك على هذا الجهاز وتُرسل إلى خدمة التحليل لدى المتجر لإعداد تقريرك. يمكنك أن تطلب من الموظفين حذف بياناتك في أي وقت.',
    },
  },
  {
    id: MARKETING_CLAUSE_ID,
    kind: 'marketing',
    required: false,
    title: { en: 'News and offers', 'zh-Hans': '资讯与优惠', ar: 'الأخبار والعروض' },
    text: {
      en: 'The store may contact you about products and treatments that suit your results.',
      'zh-Hans': '门店可能会就适合您检测结果的产品和护理项目与您联系。',
      ar: 'قد يتواصل معك المتجر بشأن منتجات وعلاجات تناسب نتائجك.',
    },
  },
];

export const KNOWN_CLAUSE_IDS: readonly string[] = CLAUSES.map((c) => c.id);

export function consentClauses(lang: LanguageCode): Clause[] {
  return CLAUSES.map((c) => ({ id: c.id, kind: c.kind, required: c.required, title: localize(c.title, lang), text: localize(c.text, lang) }));
}
