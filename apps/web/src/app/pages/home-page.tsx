import { Avatar, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useSession } from '@/lib/session';

/** /index, the platform administrator's home (spec section 2: admin goes to /). */
export function HomePage() {
  const { t } = useTranslation();
  const { name, nickName, avatar, roles } = useSession(
    useShallow((s) => ({ name: s.name, nickName: s.nickName, avatar: s.avatar, roles: s.roles })),
  );
  const roleNames = roles.map((r) => t(`roles.${r}`, { defaultValue: r })).join(t('pages.home.separator'));
  return (
    <section className="sb-page" aria-labelledby="sb-home-title">
      <Card>
        <Space size="large" align="center">
          <Avatar src={avatar} size={64} alt="" />
          <div>
            <Typography.Title level={1} id="sb-home-title" className="sb-page-title">
              {t('pages.home.welcome', { name: nickName || name })}
            </Typography.Title>
            <Typography.Paragraph className="sb-home-role">
              {t('pages.home.role', { roles: roleNames })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('pages.home.description')}</Typography.Paragraph>
          </div>
        </Space>
      </Card>
    </section>
  );
}
