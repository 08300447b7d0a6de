import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { pageNavigation } from '@/lib/logout';

/** The router's error element: a translated way out instead of React Router's developer page. */
export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('[router] render failed:', error);
  return (
    <main className="sb-standalone-page">
      <Result
        status="error"
        title={<h1 className="sb-result-title">{t('pages.crash.heading')}</h1>}
        subTitle={t('pages.crash.description')}
        extra={
          <Button type="primary" onClick={() => pageNavigation.reload()}>
            {t('pages.crash.reload')}
          </Button>
        }
      />
    </main>
  );
}
