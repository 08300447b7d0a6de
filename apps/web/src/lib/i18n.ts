import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { DEVICE_LABELS, FIELD_LABELS, VALIDATION_MESSAGES, type Lang } from '@sbuilding/shared';
import en from '@/locales/en.json';
import zh from '@/locales/zh-CN.json';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** localStorage key of the user's explicit language choice. */
export const LANGUAGE_STORAGE_KEY = 'language';

function isLanguage(value: string | null | undefined): value is Language {
  return LANGUAGES.some((l) => l === value);
}

/** The shared catalogue writes `{data}`; i18next interpolates `{{data}}`. */
function toI18next(messages: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([key, text]) => [key, text.replaceAll('{data}', '{{data}}')]),
  );
}

export const resources = {
  en: {
    translation: {
      ...en,
      validation: toI18next(VALIDATION_MESSAGES.en),
      fields: toI18next(FIELD_LABELS.en),
      /** The device catalogue's names: catalogue.categories.light, catalogue.models.s2, catalogue.telemetry.co2. */
      catalogue: DEVICE_LABELS.en,
    },
  },
  'zh-CN': {
    translation: {
      ...zh,
      validation: toI18next(VALIDATION_MESSAGES.zh),
      fields: toI18next(FIELD_LABELS.zh),
      catalogue: DEVICE_LABELS.zh,
    },
  },
} as const;

/** The stored choice wins; otherwise Chinese when the browser says zh-cn (spec section 1), else English. */
export function detectLanguage(stored: string | null, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase() === 'zh-cn' ? 'zh-CN' : 'en';
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyLanguageSideEffects(lng: Language): void {
  dayjs.locale(lng === 'zh-CN' ? 'zh-cn' : 'en');
  // Screen readers pick their voice from the document language.
  document.documentElement.lang = lng;
}

const initial = detectLanguage(readStoredLanguage(), navigator.language);

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Inline resources: initialise synchronously so the first render already has its strings.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
applyLanguageSideEffects(initial);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the language, remembers it, and moves dayjs along; antd follows through the providers. */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  await i18n.changeLanguage(lng);
  applyLanguageSideEffects(lng);
}

/** The `Lang` header value for the current language. */
export function requestLang(): Lang {
  return currentLanguage() === 'zh-CN' ? 'ZH' : 'EN';
}

export function antdLocale(lng: Language): Locale {
  return lng === 'zh-CN' ? zhCN : enUS;
}

export { i18n };
