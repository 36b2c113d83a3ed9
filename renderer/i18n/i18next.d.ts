import type { Messages } from './en.ts';

// Typed keys: t('capture.guidance.no_face') is checked against the English catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
