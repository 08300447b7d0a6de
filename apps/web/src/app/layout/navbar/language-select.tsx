import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '@/lib/i18n';

/** Each language is named in itself (English, 简体中文) so a reader of either can find theirs. */
const LABEL_KEYS: Record<Language, string> = { en: 'languages.en', 'zh-CN': 'languages.zhCN' };

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l === i18n.language) ?? 'en';
  const menu: MenuProps = {
    items: LANGUAGES.map((l) => ({ key: l, label: <span lang={l}>{t(LABEL_KEYS[l])}</span> })),
    selectable: true,
    selectedKeys: [current],
    onClick: ({ key }) => {
      const next = LANGUAGES.find((l) => l === key);
      if (next) void setLanguage(next);
    },
  };
  return (
    <Dropdown menu={menu} trigger={['click']} autoFocus>
      <Button
        type="text"
        className="sb-navbar-button"
        icon={<TranslationOutlined />}
        aria-label={t('navbar.language')}
        aria-haspopup="menu"
      />
    </Dropdown>
  );
}
