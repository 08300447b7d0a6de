import { Button, ColorPicker, Drawer, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME } from '@sbuilding/shared';
import { useSettings, type LayoutSettings } from '@/lib/settings';

type SwitchSetting = Exclude<keyof LayoutSettings, 'theme'>;
const SWITCHES: readonly SwitchSetting[] = ['tagsView', 'fixedHeader', 'sidebarLogo'];

function SettingSwitch({ setting }: { setting: SwitchSetting }) {
  const { t } = useTranslation();
  const id = useId();
  const checked = useSettings((s) => s[setting]);
  const setLayout = useSettings((s) => s.setLayout);
  return (
    <div className="sb-setting-row">
      <label htmlFor={id}>{t(`settings.${setting}`)}</label>
      <Switch id={id} checked={checked} onChange={(value) => setLayout({ [setting]: value })} />
    </div>
  );
}

/**
 * The layout settings panel (spec section 2). The colour only changes antd's theme tokens, applied by
 * the providers: nothing is fetched, unlike the reference console's CDN stylesheet, so it works offline.
 * The presets are also plain radio buttons, because the picker's own swatches cannot be reached by
 * keyboard or named by a screen reader.
 */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const themeLabelId = useId();
  const open = useSettings((s) => s.showSettings);
  const theme = useSettings((s) => s.theme);
  const setShowSettings = useSettings((s) => s.setShowSettings);
  const setLayout = useSettings((s) => s.setLayout);
  const resetLayout = useSettings((s) => s.resetLayout);

  return (
    <Drawer
      title={t('settings.title')}
      placement="right"
      size={320}
      open={open}
      onClose={() => setShowSettings(false)}
      closable={{ 'aria-label': t('common.close') }}
    >
      <p className="sb-setting-hint">{t('settings.hint')}</p>
      <div className="sb-setting-row">
        <span id={themeLabelId}>{t('settings.theme')}</span>
        <ColorPicker
          value={theme}
          disabledAlpha
          presets={[{ label: t('settings.presets'), colors: [...THEME.presets] }]}
          onChangeComplete={(color) => setLayout({ theme: color.toHexString() })}
        >
          <Button aria-labelledby={`${themeLabelId} ${themeLabelId}-value`} aria-haspopup="dialog">
            <span className="sb-color-swatch" style={{ background: theme }} aria-hidden />
            <span id={`${themeLabelId}-value`}>{theme}</span>
          </Button>
        </ColorPicker>
      </div>
      <div role="radiogroup" aria-label={t('settings.presets')} className="sb-preset-swatches">
        {THEME.presets.map((color) => (
          <button
            key={color}
            type="button"
            role="radio"
            aria-checked={theme.toLowerCase() === color.toLowerCase()}
            aria-label={color}
            className="sb-preset-swatch"
            style={{ background: color }}
            onClick={() => setLayout({ theme: color })}
          />
        ))}
      </div>
      {SWITCHES.map((setting) => (
        <SettingSwitch key={setting} setting={setting} />
      ))}
      <Button block onClick={resetLayout} className="sb-setting-reset">
        {t('settings.reset')}
      </Button>
    </Drawer>
  );
}
