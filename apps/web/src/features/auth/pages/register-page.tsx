import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginFormSchema, registerFormSchema } from '@sbuilding/shared';
import { zodField, zodRule } from '@/lib/form-rules';
import { safeRedirect } from '@/lib/navigation';
import { RequestError } from '@/lib/request';
import { useCaptcha } from '../api/get-captcha';
import { useRegistration } from '../api/get-registration';
import { useRegisterAccount } from '../api/register-account';
import { AuthLayout } from '../components/auth-layout';
import { CaptchaField } from '../components/captcha-field';
import { SsoButtons } from '../components/sso-buttons';

interface RegisterValues {
  username: string;
  password: string;
  confirmPassword: string;
  code?: string;
}

/**
 * /register: self-registration by invitation only. A valid invitation (or the ticket of an identity a
 * provider proved on the way) creates the account in the inviting tenant with its role and signs in;
 * without one, the page says why and links to the login page.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const source = { invitation: params.get('invitation') ?? '', ticket: params.get('ticket') ?? '' };
  const info = useRegistration(source);
  const captcha = useCaptcha();
  const register = useRegisterAccount();
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState<string>();

  const onFinish = async (values: RegisterValues) => {
    const parsed = registerFormSchema.safeParse({ ...values, ...source, uuid: captcha.data?.uuid ?? '' });
    if (!parsed.success) return;
    setError(undefined);
    try {
      const { confirmPassword: _confirm, ...body } = parsed.data;
      const redirect = await register.mutateAsync(body);
      void navigate(safeRedirect(redirect) ?? '/', { replace: true });
    } catch (e) {
      setError(e instanceof RequestError ? e.message : t('request.errors.default'));
      form.setFieldValue('code', '');
      void captcha.refetch();
    }
  };

  const missing = !source.invitation && !source.ticket;
  if (missing || info.isError) {
    const reason = info.error instanceof RequestError ? info.error.message : t('sso.inviteOnly');
    return (
      <AuthLayout heading={t('sso.registerHeading')}>
        <Flex vertical gap="middle">
          <Alert
            type={missing ? 'info' : 'error'}
            showIcon
            title={reason}
            role={missing ? 'status' : 'alert'}
          />
          <Link to="/login">{t('sso.backToLogin')}</Link>
        </Flex>
      </AuthLayout>
    );
  }

  const data = info.data;
  return (
    <AuthLayout heading={t('sso.registerHeading')}>
      <Typography.Paragraph className="sb-auth-note">
        {data
          ? t('sso.invitedTo', { tenant: data.tenantName, role: t(`roles.${data.role}`) })
          : t('sso.completing')}
      </Typography.Paragraph>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => void onFinish(v)}
      >
        {error && <Alert type="error" showIcon title={error} className="sb-login-error" role="alert" />}
        <Form.Item label={t('fields.username')} {...zodField(registerFormSchema, 'username')}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" />
        </Form.Item>
        <Form.Item label={t('fields.password')} {...zodField(registerFormSchema, 'password')}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          {...zodField(registerFormSchema, 'confirmPassword')}
        >
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
        </Form.Item>
        <CaptchaField captcha={captcha} rules={[zodRule(loginFormSchema, 'code')]} />
        <Button type="primary" htmlType="submit" block loading={register.isPending} disabled={!data}>
          {t('sso.registerSubmit')}
        </Button>
      </Form>
      {data && data.providers.length > 0 && (
        <SsoButtons invitation={source.invitation} providers={data.providers} />
      )}
      <Link to="/login" className="sb-auth-link">
        {t('sso.backToLogin')}
      </Link>
    </AuthLayout>
  );
}
