import { useTranslation } from 'react-i18next';
import type { BoardLight } from '@sbuilding/shared';
import { panelButtons } from '../hooks/light-state';

/** A device's state in words, for labels, the table and screen readers (never colour alone). */
export function useLightWords() {
  const { t } = useTranslation();
  const onOff = (v: boolean | null) =>
    v === null ? t('lighting.unknown') : v ? t('devices.on') : t('devices.off');
  const short = (d: BoardLight): string => {
    if (!d.online) return t('lighting.onlineNo');
    if (d.category === 'lightPanel')
      return panelButtons(d)
        .map((b) => `${t(`fields.${b}`)}: ${onOff(d.state[b])}`)
        .join(', ');
    if (d.state.onOff === true && d.state.lightnessLevel !== null)
      return t('lighting.onAt', { level: d.state.lightnessLevel });
    return onOff(d.state.onOff);
  };
  const describe = (d: BoardLight, label = d.name): string =>
    t('lighting.describe', {
      name: label,
      kind: d.category === 'lightPanel' ? t('lighting.panel') : t('lighting.light'),
      state: short(d),
      online: d.online ? t('lighting.onlineYes') : t('lighting.onlineNo'),
    });
  return { onOff, short, describe };
}
