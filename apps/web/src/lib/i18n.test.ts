import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import zh from '@/locales/zh-CN.json';
import { MENU_ROUTES, type RouteRecord, unitsInWords } from '@sbuilding/shared';
import { antdLocale, detectLanguage, i18n, loadLanguage, requestLang, setLanguage } from './i18n';

function bundle(lng: 'en' | 'zh-CN'): unknown {
  return i18n.getResourceBundle(lng, 'translation');
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function titles(routes: readonly RouteRecord[]): string[] {
  return routes.flatMap((r) => [r.meta.title, ...titles(r.children ?? [])]);
}

describe('catalogues', () => {
  it('have exactly the same keys in English and Chinese', async () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    await loadLanguage('zh-CN');
    expect(keys(bundle('zh-CN')).sort()).toEqual(keys(bundle('en')).sort());
  });

  it('leave no string empty', () => {
    for (const lng of ['en', 'zh-CN'] as const) {
      const empty = keys(bundle(lng)).filter((k) => !i18n.t(k, { lng }).trim());
      expect(empty).toEqual([]);
    }
  });

  it('title every route of the route table in both languages', () => {
    const missing = titles(MENU_ROUTES).filter(
      (t) => !i18n.exists(`routes.${t}`, { lng: 'en' }) || !i18n.exists(`routes.${t}`, { lng: 'zh-CN' }),
    );
    expect(missing).toEqual([]);
    expect(i18n.t('routes.platformOverview', { lng: 'zh-CN' })).toBe('平台总览');
  });

  it('write units as symbols in both languages, never in words', async () => {
    // The rule (shared `unitsInWords`): kWh, kW, m², °C, kgCO2e… in Chinese too, as 用电量（kWh）; the bundles
    // hold the shared field labels and validation messages as well.
    await loadLanguage('zh-CN');
    const spelled = (['en', 'zh-CN'] as const).flatMap((lng) =>
      keys(bundle(lng))
        .map((k) => [lng, k, unitsInWords(i18n.t(k, { lng }))] as const)
        .filter(([, , words]) => words.length > 0),
    );
    expect(spelled).toEqual([]);
    expect(i18n.t('energyBilling.meters.intensity', { lng: 'zh-CN' })).toBe('kWh/m²');
    expect(i18n.t('fields.areaM2', { lng: 'zh-CN' })).toBe('面积（m²）');
  });

  it('fill the {data} placeholder of shared validation messages', () => {
    expect(i18n.t('validation.required', { lng: 'en', data: 'Username' })).toBe('Username is required');
    expect(i18n.t('validation.required', { lng: 'zh-CN', data: '用户名' })).toBe('用户名不能为空');
  });
});

describe('language', () => {
  it('prefers the stored choice, then zh-CN for a zh-cn browser, else English', () => {
    expect(detectLanguage('en', 'zh-CN')).toBe('en');
    expect(detectLanguage(null, 'zh-CN')).toBe('zh-CN');
    expect(detectLanguage(null, 'ZH-cn')).toBe('zh-CN');
    expect(detectLanguage(null, 'zh-TW')).toBe('en');
    expect(detectLanguage('fr', 'en-US')).toBe('en');
  });

  it('remembers the switch and maps it to the Lang header', async () => {
    await setLanguage('zh-CN');
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(requestLang()).toBe('ZH');
    expect(document.documentElement.lang).toBe('zh-CN');
    // antd's own strings (pagination, pickers) come with the Chinese catalogue.
    expect(antdLocale('zh-CN').locale).toBe('zh-cn');
    await setLanguage('en');
    expect(requestLang()).toBe('EN');
  });
});
