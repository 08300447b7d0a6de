import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginBodySchema, loginFormSchema } from '@sbuilding/shared';
import { zodField, zodRule } from '@/lib/form-rules';
import { safeRedirect } from '@/lib/navigation';
import { RequestError } from '@/lib/request';
import { useBindIdentity } from '../api/bind-identity';
import { useCaptcha } from '../api/get-captcha';
import { useSsoTicket } from '../api/get-sso-ticket';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';

interface BindValues {
  username: string;
  password: string;
  code?: string;
}

/**
 * /bind: an identity a provider proved is not linked to an account yet. The person signs in once with an
 * existing username and password (the login page's rules and captcha); from then on the provider alone
 * signs them in.
 */
export function BindPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const info = useSsoTicket(ticket);
  const captcha = useCaptcha();
  const bind = useBindIdentity();
  const [form] = Form.useForm<BindValues>();
  const [error, setError] = useState<string>();
  const schema = captcha.data?.captchaEnabled === false ? loginBodySchema : loginFormSchema;

  const onFinish = async (values: BindValues) => {
    const parsed = schema.safeParse({ ...values, uuid: captcha.data?.uuid ?? '' });
    if (!parsed.success) return;
    setError(undefined);
    try {
      const redirect = await bind.mutateAsync({ ...parsed.data, ticket });
      void navigate(safeRedirect(redirect) ?? '/', { replace: true });
    } catch (e) {
      setError(e instanceof RequestError ? e.message : t('request.errors.default'));
      form.setFieldValue('code', '');
      void captcha.refetch();
    }
  };

  if (!ticket || info.isError) {
    const reason = info.error instanceof RequestError ? info.error.message : t('sso.noTicket');
    return (
      <AuthLayout heading={t('sso.bindHeading')}>
        <Flex vertical gap="middle">
          <Alert type="error" showIcon title={reason} role="alert" />
          <Link to="/login">{t('sso.backToLogin')}</Link>
        </Flex>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout heading={t('sso.bindHeading')}>
      <Typography.Paragraph className="sb-auth-note">
        {info.data
          ? t('sso.bindIntro', { name: info.data.providerName, identity: info.data.identityLabel })
          : t('sso.completing')}
      </Typography.Paragraph>
      <Form<BindValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        {error && <Alert type="error" showIcon title={error} className="sb-login-error" role="alert" />}
        <Form.Item label={t('fields.username')} {...zodField(schema, 'username')}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('fields.password')} {...zodField(schema, 'password')}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} rules={[zodRule(loginFormSchema, 'code')]} />
        <Button type="primary" htmlType="submit" block loading={bind.isPending} disabled={!info.data}>
          {t('sso.bindSubmit')}
        </Button>
      </Form>
      {info.data?.canRegister && (
        <Button
          type="link"
          block
          onClick={() => void navigate(`/register?ticket=${encodeURIComponent(ticket)}`)}
        >
          {t('sso.createInstead')}
        </Button>
      )}
      <Link to="/login" className="sb-auth-link">
        {t('sso.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
