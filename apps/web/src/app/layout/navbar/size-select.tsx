import { FontSizeOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { UI_SIZES } from '@sbuilding/shared';
import { useSettings } from '@/lib/settings';

/** UI size (default, medium, small, mini), kept in the size cookie; the providers size antd from it. */
export function SizeSelect() {
  const { t } = useTranslation();
  const size = useSettings((s) => s.size);
  const setSize = useSettings((s) => s.setSize);
  const menu: MenuProps = {
    items: UI_SIZES.map((s) => ({ key: s, label: t(`navbar.sizes.${s}`) })),
    selectable: true,
    selectedKeys: [size],
    onClick: ({ key }) => {
      const next = UI_SIZES.find((s) => s === key);
      if (next) setSize(next);
    },
  };
  return (
    <Dropdown menu={menu} trigger={['click']} autoFocus>
      <Button
        type="text"
        className="sb-navbar-button"
        icon={<FontSizeOutlined />}
        aria-label={t('navbar.size')}
        aria-haspopup="menu"
      />
    </Dropdown>
  );
}
