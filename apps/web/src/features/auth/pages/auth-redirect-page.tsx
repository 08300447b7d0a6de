import { useEffect } from 'react';
import { Alert, App, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { getToken } from '@/lib/auth-token';
import { safeRedirect } from '@/lib/navigation';
import { RequestError } from '@/lib/request';
import { useCompleteSso } from '../api/complete-sso';
import { adoptToken } from '../api/login';
import { AuthLayout } from '../components/auth-layout';

/**
 * /auth-redirect: where identity providers send the browser back. The server redeems the code; then the
 * person is signed in (a linked identity), asked to bind (/bind) or register (/register), or back on the
 * profile page (an identity linked from there).
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const navigate = useNavigate();
  const result = useCompleteSso(search);
  const data = result.data;

  useEffect(() => {
    if (!data) return;
    switch (data.kind) {
      case 'signedIn':
        adoptToken(data.token);
        void navigate(safeRedirect(data.redirect) ?? '/', { replace: true });
        break;
      case 'bind':
        void navigate(`/bind?ticket=${encodeURIComponent(data.ticket)}`, { replace: true });
        break;
      case 'register':
        void navigate(`/register?ticket=${encodeURIComponent(data.ticket)}`, { replace: true });
        break;
      case 'linked':
        message.success(t('sso.linked', { name: data.providerName }));
        void navigate('/user/profile', { replace: true });
        break;
    }
  }, [data, navigate, message, t]);

  const failure = result.error instanceof RequestError ? result.error.message : t('request.errors.default');
  const signedIn = Boolean(getToken());
  return (
    <AuthLayout heading={t('sso.redirectHeading')}>
      {result.isError ? (
        <Flex vertical gap="middle">
          <Alert type="error" showIcon title={failure} role="alert" />
          <Link to={signedIn ? '/user/profile' : '/login'}>
            {t(signedIn ? 'sso.backToProfile' : 'sso.backToLogin')}
          </Link>
        </Flex>
      ) : (
        <Flex vertical align="center" gap="middle" role="status" aria-live="polite">
          <Spin />
          <span>{t('sso.completing')}</span>
        </Flex>
      )}
    </AuthLayout>
  );
}
