import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '@/lib/i18n';

const LABEL_KEYS: Record<Language, string> = { en: 'languages.en', 'zh-CN': 'languages.zhCN' };

/** The login page's language choice (the navbar has its own once signed in). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Select<Language>
      aria-label={t('common.language')}
      value={currentLanguage()}
      onChange={(lng) => void setLanguage(lng)}
      options={LANGUAGES.map((lng) => ({ value: lng, label: t(LABEL_KEYS[lng]) }))}
      variant="borderless"
      popupMatchSelectWidth={false}
    />
  );
}
