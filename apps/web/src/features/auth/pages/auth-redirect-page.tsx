import { useEffect, useState } from 'react';
import { Alert, App, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { User } from '@sbuilding/shared';
import { getToken } from '@/lib/auth-token';
import { safeRedirect } from '@/lib/navigation';
import { RequestError } from '@/lib/request';
import { useCompleteSso } from '../api/complete-sso';
import { endSession } from '../api/end-session';
import { useAccountSwitch, type AccountSwitch } from '../api/get-session-user';
import { adoptToken } from '../api/login';
import { AuthLayout } from '../components/auth-layout';

/** How the question names an account: the name people know it by, and the sign-in name that is unique. */
const accountLabel = (user: User) =>
  user.nickName && user.nickName !== user.userName ? `${user.nickName} (${user.userName})` : user.userName;

/** A browser signed in as one person that a provider would switch to another must ask first. */
function needsConfirmation(who: AccountSwitch | undefined): who is { current: User; next: User } {
  return Boolean(who?.current && who.next && who.current.userId !== who.next.userId);
}

/**
 * /auth-redirect: where identity providers send the browser back. The server redeems the code; then the
 * person is signed in (a linked identity), asked to bind (/bind) or register (/register), or back on the
 * profile page (an identity linked from there). A browser already signed in as someone else is never
 * switched silently: the page asks, and declining keeps the session it had.
 */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const navigate = useNavigate();
  const result = useCompleteSso(search);
  const data = result.data;
  // The session this browser had when it came back, fixed before the page may adopt another.
  const [startToken] = useState(getToken);
  // A new session to compare with the one this browser has; none to compare when it had none.
  const newToken =
    data?.kind === 'signedIn' && startToken !== undefined && startToken !== data.token
      ? data.token
      : undefined;
  const who = useAccountSwitch(startToken, newToken);
  const [deciding, setDeciding] = useState(false);

  useEffect(() => {
    if (!data) return;
    switch (data.kind) {
      case 'signedIn':
        // Without a session here there is nobody to switch from; with one, wait to know who both are.
        if (newToken !== undefined && (who.isPending || needsConfirmation(who.data))) return;
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
  }, [data, newToken, who.isPending, who.data, navigate, message, t]);

  const failure = result.error instanceof RequestError ? result.error.message : t('request.errors.default');
  const signedIn = Boolean(getToken());

  if (data?.kind === 'signedIn' && needsConfirmation(who.data)) {
    const { current, next } = who.data;
    // The old session ends when the person moves on, the new one when they stay: neither lingers unused.
    const onSwitch = async () => {
      setDeciding(true);
      if (startToken) await endSession(startToken);
      adoptToken(data.token);
      void navigate(safeRedirect(data.redirect) ?? '/', { replace: true });
    };
    const onStay = async () => {
      setDeciding(true);
      await endSession(data.token);
      void navigate('/', { replace: true });
    };
    return (
      <AuthLayout heading={t('sso.switchHeading')}>
        <Flex vertical gap="middle">
          <p role="status" aria-live="polite">
            {t('sso.switchQuestion', { current: accountLabel(current), next: accountLabel(next) })}
          </p>
          <Flex gap="small" wrap>
            <Button type="primary" disabled={deciding} onClick={() => void onStay()}>
              {t('sso.switchStay', { name: accountLabel(current) })}
            </Button>
            <Button disabled={deciding} onClick={() => void onSwitch()}>
              {t('sso.switchTo', { name: accountLabel(next) })}
            </Button>
          </Flex>
        </Flex>
      </AuthLayout>
    );
  }

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
