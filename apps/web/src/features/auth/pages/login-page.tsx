import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { APP_VERSION } from '@sbuilding/shared';
import { safeRedirect } from '@/lib/navigation';
import { LanguageSwitch } from '../components/language-switch';
import { LoginForm } from '../components/login-form';
import './login-page.css';

/** /login: the slogan of spec section 1, the form, the language choice and the version. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onSuccess = () => navigate(safeRedirect(params.get('redirect')) ?? '/', { replace: true });

  return (
    <div className="sb-login">
      <header className="sb-login-top">
        <LanguageSwitch />
      </header>
      <main className="sb-login-main">
        <section className="sb-login-intro" aria-labelledby="sb-login-product">
          <h1 id="sb-login-product" className="sb-login-product">
            {t('login.title')}
          </h1>
          <p className="sb-login-slogan">{t('login.slogan')}</p>
        </section>
        <section className="sb-login-card" aria-labelledby="sb-login-heading">
          <Typography.Title level={2} id="sb-login-heading" className="sb-login-heading">
            {t('login.heading')}
          </Typography.Title>
          <LoginForm onSuccess={onSuccess} />
        </section>
      </main>
      <footer className="sb-login-footer">{t('login.version', { version: APP_VERSION })}</footer>
    </div>
  );
}
