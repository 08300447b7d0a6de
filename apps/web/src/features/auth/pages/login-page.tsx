import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@/lib/navigation';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm } from '../components/login-form';
import { SsoButtons } from '../components/sso-buttons';

/** /login: the slogan of spec section 1, the form, the identity providers, the language choice and the version. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // A tenant's sign-in link (or its QR code) names its provider; the page offers it beside the platform's.
  const loginKey = params.get('sso') ?? undefined;

  const onSuccess = () => navigate(redirect ?? '/', { replace: true });

  return (
    <AuthLayout heading={t('login.heading')}>
      <LoginForm onSuccess={onSuccess} />
      <SsoButtons redirect={redirect} loginKey={loginKey} />
    </AuthLayout>
  );
}
