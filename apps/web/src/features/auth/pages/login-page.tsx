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

  const onSuccess = () => navigate(redirect ?? '/', { replace: true });

  return (
    <AuthLayout heading={t('login.heading')}>
      <LoginForm onSuccess={onSuccess} />
      <SsoButtons redirect={redirect} />
    </AuthLayout>
  );
}
