import { Empty, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The empty state of a project's page before a project is chosen: it points to the guide. */
export function NoProject() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  // The text's own colour, underlined: readable on the light pages and on the dark dashboard alike.
  return (
    <Empty description={t('noProject.text')}>
      <Link to="/guide" style={{ color: token.colorText, textDecoration: 'underline' }}>
        {t('noProject.choose')}
      </Link>
    </Empty>
  );
}
