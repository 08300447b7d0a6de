import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@sbuilding/shared';
import { LanguageSwitch } from './language-switch';
import '../pages/login-page.css';

interface AuthLayoutProps {
  /** The card's heading (a level-2 title under the product's level-1 name). */
  heading: string;
  children: ReactNode;
}

/** The frame of the pages reachable without a session: /login, /auth-redirect, /bind, /register. */
export function AuthLayout({ heading, children }: AuthLayoutProps) {
  const { t } = useTranslation();
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
          {/* A plain heading: antd's Typography would be on the login page's path for this one title. */}
          <h2 id="sb-login-heading" className="sb-login-heading">
            {heading}
          </h2>
          {children}
        </section>
      </main>
      <footer className="sb-login-footer">{t('login.version', { version: APP_VERSION })}</footer>
    </div>
  );
}
