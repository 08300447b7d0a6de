import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SsoProviderOption } from '@sbuilding/shared';
import { RequestError } from '@/lib/request';
import { useSsoProviders } from '../api/get-sso-providers';
import { useStartSso } from '../api/start-sso';

interface SsoButtonsProps {
  /** Where to go after signing in (a same-origin path; the server checks it again). */
  redirect?: string | undefined;
  /** Registers with this invitation instead of signing in. */
  invitation?: string;
  /** The providers to offer; by default the login page's list. */
  providers?: SsoProviderOption[];
  /** The tenant provider a login link names (`/login?sso=<key>`), offered beside the platform's. */
  loginKey?: string | undefined;
}

/** "Sign in with {name}" for each identity provider: the browser goes to the provider's page. */
export function SsoButtons({ redirect, invitation, providers, loginKey }: SsoButtonsProps) {
  const { t } = useTranslation();
  const listed = useSsoProviders(loginKey);
  const start = useStartSso();
  const [error, setError] = useState<string>();
  const options = providers ?? listed.data?.providers ?? [];
  if (options.length === 0) return null;

  const onClick = async (provider: string) => {
    setError(undefined);
    try {
      const url = await start.mutateAsync({ provider, redirect, invitation });
      window.location.assign(url);
    } catch (e) {
      setError(e instanceof RequestError ? e.message : t('request.errors.default'));
    }
  };

  return (
    <nav aria-label={t('sso.providersLabel')} className="sb-sso-buttons">
      <Divider plain>{t('sso.or')}</Divider>
      {error && <Alert type="error" showIcon title={error} role="alert" className="sb-login-error" />}
      <Flex vertical gap="small">
        {options.map((p) => (
          <Button
            key={p.key}
            block
            icon={<LoginOutlined aria-hidden />}
            loading={start.isPending && start.variables.provider === p.key}
            onClick={() => void onClick(p.key)}
          >
            {t(invitation ? 'sso.registerWith' : 'sso.signInWith', { name: p.name })}
          </Button>
        ))}
      </Flex>
    </nav>
  );
}
