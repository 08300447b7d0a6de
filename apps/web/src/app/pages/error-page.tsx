import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface ErrorPageProps {
  kind: 'notFound' | 'unauthorized';
}

/** /404 and /401: what happened and a way back (the empty path leads to the user's home page). */
export function ErrorPage({ kind }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="sb-standalone-page">
      <Result
        status={kind === 'notFound' ? '404' : '403'}
        title={<h1 className="sb-result-title">{t(`pages.${kind}.code`)}</h1>}
        subTitle={
          <>
            <strong className="sb-result-heading">{t(`pages.${kind}.heading`)}</strong>
            <br />
            {t(`pages.${kind}.description`)}
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('common.backHome')}
          </Button>
        }
      />
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage kind="notFound" />;
}

export function UnauthorizedPage() {
  return <ErrorPage kind="unauthorized" />;
}
