import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import type { Locale } from 'antd/es/locale';
// antd's ES modules, not antd/locale's CommonJS re-export (which brings its own copies of the pickers' texts).
import enUS from 'antd/es/locale/en_US';
import { DEVICE_LABELS, FIELD_LABELS, VALIDATION_MESSAGES, type Lang } from '@sbuilding/shared';
// Only the parts the login page and the first paint use (the rest follows, see loadLanguage): a second
// module id for the same file, so that these named imports are all the login page carries of it.
import {
  app,
  common,
  languages,
  layout,
  login,
  pages,
  request,
  routes,
  session,
  sso,
} from '@/locales/en.json?first';

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

/**
 * English is built in (the fallback, and what most first visits show): what the login page says; the rest
 * of the catalogue loads with any other page (catalogueReady).
 */
const english = {
  app,
  common,
  languages,
  layout,
  login,
  pages,
  request,
  routes,
  session,
  sso,
  validation: toI18next(VALIDATION_MESSAGES.en),
  fields: toI18next(FIELD_LABELS.en),
  /** The device catalogue's names: catalogue.categories.light, catalogue.models.s2, catalogue.telemetry.co2. */
  catalogue: DEVICE_LABELS.en,
};

/** antd's strings for each language; Chinese arrives with its catalogue. */
const antdLocales: Partial<Record<Language, Locale>> = { en: enUS };

/**
 * The Chinese catalogue (the console's, antd's and dayjs's) is fetched only when Chinese is chosen or
 * detected, so an English visit to the login page does not download it (issue 18, bench/login-page.bench.mjs).
 */
async function loadChinese(): Promise<void> {
  const [zh, antdZh] = await Promise.all([
    import('@/locales/zh-CN.json'),
    import('antd/es/locale/zh_CN'),
    import('dayjs/locale/zh-cn'),
  ]);
  i18n.addResourceBundle('zh-CN', 'translation', {
    ...zh.default,
    validation: toI18next(VALIDATION_MESSAGES.zh),
    fields: toI18next(FIELD_LABELS.zh),
    catalogue: DEVICE_LABELS.zh,
  });
  antdLocales['zh-CN'] = antdZh.default;
}

/** The whole English catalogue, beside the login page's part that is built in (what is there stays). */
async function loadEnglish(): Promise<void> {
  const en = await import('@/locales/en.json');
  i18n.addResourceBundle('en', 'translation', en.default, true, false);
}

let englishRest: Promise<void> | null = null;
let chinese: Promise<void> | null = null;

/** Makes a language's strings available, all of them (once). */
export function loadLanguage(lng: Language): Promise<void> {
  if (lng === 'en') {
    englishRest ??= loadEnglish().catch((error: unknown) => {
      englishRest = null;
      throw error;
    });
    return englishRest;
  }
  chinese ??= loadChinese().catch((error: unknown) => {
    chinese = null;
    throw error;
  });
  return chinese;
}

/** Resolves when the current language's whole catalogue is in: every page but the login page waits for it. */
export function catalogueReady(): Promise<void> {
  return loadLanguage(currentLanguage());
}

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
  resources: { en: { translation: english } },
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Inline resources: initialise synchronously; a Chinese first visit waits for `languageReady` to render.
  initAsync: false,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});
document.documentElement.lang = initial;

/** Resolves when the detected language's strings are in; the console renders after it (main.tsx). */
export const languageReady: Promise<void> = (
  initial === 'en' ? Promise.resolve() : loadLanguage(initial)
).then(
  () => applyLanguageSideEffects(initial),
  // Without its catalogue the console still works, in English (the fallback).
  () => undefined,
);

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
  await loadLanguage(lng);
  await i18n.changeLanguage(lng);
  applyLanguageSideEffects(lng);
}

/** The `Lang` header value for the current language. */
export function requestLang(): Lang {
  return currentLanguage() === 'zh-CN' ? 'ZH' : 'EN';
}

export function antdLocale(lng: Language): Locale {
  return antdLocales[lng] ?? enUS;
}

export { i18n };
