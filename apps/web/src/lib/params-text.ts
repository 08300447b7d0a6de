import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeyLabel } from './key-label';

/**
 * A command's parameters in words, `key: value` each, named by the catalogue's labels and option words: 'On/off:
 * off', 'Work mode: cooling' ('开关: 关'), never 'On/off false'. The console's one way to show parameters: the control
 * log, the scene wizard's summary and "what would happen now" all show them so (issue 34).
 */
export function useParamsText(): (params: Record<string, unknown>) => string {
  const { t, i18n } = useTranslation();
  const keyLabel = useKeyLabel();
  return useCallback(
    (params: Record<string, unknown>) => {
      const parts = Object.entries(params)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([key, value]) => {
          let text: string;
          if (typeof value === 'boolean') text = t(value ? 'params.on' : 'params.off');
          else if (typeof value === 'string')
            text = t(`devices.options.${key}.${value}`, { defaultValue: value });
          else if (typeof value === 'number') text = new Intl.NumberFormat(i18n.language).format(value);
          else text = JSON.stringify(value);
          return `${keyLabel(key)}: ${text}`;
        });
      return parts.join(', ');
    },
    [t, i18n.language, keyLabel],
  );
}
