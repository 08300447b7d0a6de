import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { keyLabel, type LabelLang } from '@sbuilding/shared';

/**
 * The name of a telemetry reading, attribute or command parameter key in the console's language (`roomTemp`
 * is 'Measured temperature' / '测量温度'). The console's one way to show such a key: the mapping itself is
 * the shared catalogue's `keyLabel`, which the server's texts use too.
 */
export function useKeyLabel(): (key: string) => string {
  const { i18n } = useTranslation();
  const lang: LabelLang = i18n.language === 'zh-CN' ? 'zh' : 'en';
  return useCallback((key: string) => keyLabel(lang, key), [lang]);
}
