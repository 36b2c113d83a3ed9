import type { Messages } from './en.ts';

/**
 * Arabic for the main-process sentences a customer can see (main-en.ts): the processing screen
 * shows the session's sync progress (`sync.*`) and, when the work stops or waits for set-up, why
 * (`failure.*`, main/sync/progress.ts). The other groups (CRM search, light tests, calibration,
 * camera pitch, diagnostics) are shown only on staff and technician screens and stay English by
 * per-key fallback (D-118).
 */
export const mainAr: Pick<Messages['main'], 'sync' | 'failure'> = {
  sync: {
    cancelled: 'أُلغيت الجلسة؛ لن يُحلَّل شيء.',
    capturing: 'التصوير جارٍ.',
    not_queued: 'بانتظار المزامنة.',
    offline: 'الجهاز غير متصل: الصور وعددها {{total}} محفوظة بأمان على هذا الجهاز، وستُحلَّل عند عودة الاتصال بالمنصة.',
    uploading: 'جارٍ رفع الصور ({{done}} من {{total}}).',
    analysis_queued: 'بانتظار بدء التحليل.',
    analysing: 'جارٍ تحليل الصور.',
    ready: 'التقرير جاهز.',
    ready_submitting: 'التقرير جاهز، ويجري إرساله إلى المتجر.',
  },
  failure: {
    unreachable: 'يتعذّر الوصول إلى المنصة ({{detail}})؛ يواصل الجهاز المحاولة تلقائيًا.',
    merchant_invalid: 'رفضت المنصة بيانات اعتماد التطبيق (44098): تحقّق من معرّف التطبيق وسرّه في الإعدادات، ومن أن التطبيق تابع لهذا التاجر.',
    store_not_found: 'لا تعرف المنصة رقم هذا المتجر (46202): تحقّق من معرّف المتجر في الإعدادات.',
    account_not_found: 'لا تعرف المنصة حساب الموظف (46206): تحقّق من معرّف الحساب في إعدادات الجهاز.',
    no_valid_order: 'ليس لدى التاجر طلب Skin API ساري المفعول (45020): على التاجر تجديده، وسيُستأنف التحليل تلقائيًا.',
    quota_exhausted: 'استنفد التاجر حصته من التحليلات (45021): على التاجر إعادة شحنها، وسيُستأنف التحليل تلقائيًا.',
    clock_ahead: 'ساعة الجهاز متقدمة على ساعة المنصة (46209): اضبط هذا الحاسوب ليأخذ الوقت تلقائيًا، وستستمر قائمة الانتظار من تلقاء نفسها.',
    not_configured: 'لم يُعدّ الاتصال بالمنصة بعد (معرّف التطبيق أو سرّه أو معرّف المتجر مفقود): يضبطه الفني في الإعدادات.',
    capture_missing: 'إحدى صور هذه الجلسة مفقودة على الجهاز، فلا يمكن رفعها: احذف الجلسة والتقط الصور من جديد.',
    capture_corrupt: 'عُدّلت إحدى صور هذه الجلسة على القرص بعد التقاطها، فلا يمكن رفعها: احذف الجلسة والتقط الصور من جديد.',
    captures_incomplete: 'تنقص هذه الجلسة صورٌ يحتاجها جهازها: احذفها والتقط الصور من جديد.',
    image_download_failed: 'تعذّر على المنصة تنزيل الصور (45101)؛ أعد المحاولة.',
    image_unreadable: 'تعذّر على المنصة قراءة الصور (45102): التقطها من جديد.',
    no_face: 'لم يجد التحليل وجهًا في الصور (45103): التقطها من جديد.',
    image_quality: 'الصور معتمة جدًا أو غير واضحة أو بوضعية غير مناسبة للتحليل (45104): التقطها من جديد.',
    analysis_timeout: 'استغرق التحليل وقتًا أطول من اللازم (45105)؛ أعد المحاولة.',
    analysis_failed: 'فشل التحليل على المنصة (45199)؛ أعد المحاولة.',
    refused: 'رفضت المنصة هذا العمل ({{code}}): {{detail}}',
    retrying: 'مشكلة مؤقتة ({{code}}: {{detail}})؛ يعيد الجهاز المحاولة تلقائيًا.',
  },
};
