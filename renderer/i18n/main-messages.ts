/**
 * Sentences from main (sync progress, staff's last error, diagnostics, light tests) arrive as a
 * message key with parameters (main/kiosk-api/messages.ts) and are translated here like every
 * other text: `main.<key>` of the catalogues, falling back per key like them. Parameters that
 * carry ids are named in the screen's language first: `light`, `lights`, `controller`, `region`;
 * `…At` times are written as local date and time. main's English sentence is the last resort.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { LanguageCode } from '../../protocol/enums/languages.ts';
import type { UiMessage } from '../../main/kiosk-api/types.ts';
import { formatDateTime } from '../lib/format.ts';

const LIGHTS = ['white', 'white_glow', 'cross_polar', 'parallel_polar', 'uv'] as const;
const CONTROLLERS = ['simulated', 'serial', 'none'] as const;
const REGIONS = ['cn', 'overseas'] as const;

function oneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function translateMessage(t: TFunction, lang: LanguageCode, message: UiMessage): string {
  const lightName = (id: string) => (oneOf(LIGHTS, id) ? t(`capture.light.${id}`) : id);
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params)) {
    const text = String(value);
    if (name === 'light') params[name] = lightName(text);
    else if (name === 'lights') params[name] = text.split(',').filter(Boolean).map(lightName).join(lang.startsWith('zh') ? '、' : ', ');
    else if (name === 'controller') params[name] = oneOf(CONTROLLERS, text) ? t(`technician.lights.kinds.${text}`) : text;
    else if (name === 'region') params[name] = oneOf(REGIONS, text) ? t(`technician.platform.regions.${text}`) : text;
    else if (name.endsWith('At') && typeof value === 'number') params[name] = formatDateTime(value, lang);
    else params[name] = value;
  }
  return t(`main.${message.key}`, { ...params, defaultValue: message.text });
}

/** `(message) => text` in the current language. */
export function useMainMessage(): (message: UiMessage) => string {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as LanguageCode;
  return useCallback((message: UiMessage) => translateMessage(t, lang, message), [t, lang]);
}
