import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The empty state of a project's page before a project is chosen: it points to the guide. */
export function NoProject() {
  const { t } = useTranslation();
  return (
    <Empty description={t('noProject.text')}>
      <Link to="/guide">{t('noProject.choose')}</Link>
    </Empty>
  );
}
