import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '@sbuilding/shared';
import { logout } from '@/features/auth/api/logout';
import { ProjectGuide } from '@/features/projects/components/project-guide';
import { skipGuide } from '@/lib/navigation';
import { useSession } from '@/lib/session';

/**
 * /guide, where a project admin without a stored project lands (spec section 2): pick one of their
 * projects or create the first. Continue still lets them use the console for this visit without one.
 */
export function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roles = useSession((s) => s.roles);

  const onContinue = () => {
    skipGuide();
    navigate(homePath(roles), { replace: true });
  };
  const onLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <main className="sb-standalone-page">
      <Card className="sb-guide-card">
        <Typography.Title level={1} className="sb-page-title">
          {t('pages.guide.heading')}
        </Typography.Title>
        <Typography.Paragraph>{t('pages.guide.description')}</Typography.Paragraph>
        <ProjectGuide />
        <Space>
          <Button onClick={onContinue}>{t('common.continue')}</Button>
          <Button onClick={() => void onLogout()}>{t('common.logout')}</Button>
        </Space>
      </Card>
    </main>
  );
}
