import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '@/lib/i18n';

const LABEL_KEYS: Record<Language, string> = { en: 'languages.en', 'zh-CN': 'languages.zhCN' };

function isLanguage(value: string): value is Language {
  return LANGUAGES.some((l) => l === value);
}

/**
 * The login page's language choice (the navbar has its own once signed in). The browser's own select: two
 * choices do not need antd's Select, which with its virtual list was 15 KB of the login page's JavaScript.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <select
      className="sb-language-switch"
      aria-label={t('common.language')}
      value={currentLanguage()}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void setLanguage(event.target.value);
      }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng}>
          {t(LABEL_KEYS[lng])}
        </option>
      ))}
    </select>
  );
}
