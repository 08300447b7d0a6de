import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loginBodySchema, loginFormSchema, type CaptchaResponse } from '@sbuilding/shared';
import { validationMessage, zodField } from '@/lib/form-rules';
import { RequestError } from '@/lib/request';
import { captchaQueryOptions, useCaptcha } from '../api/get-captcha';
import { useLogin } from '../api/login';
import { CaptchaImage } from './captcha-image';

/** Only the username is remembered: a password has no business in browser storage. */
export const REMEMBERED_USERNAME_KEY = 'rememberedUsername';

interface LoginValues {
  username: string;
  password: string;
  code?: string;
  rememberMe: boolean;
}

function readRemembered(): string {
  try {
    return localStorage.getItem(REMEMBERED_USERNAME_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeRemembered(username: string | null): void {
  try {
    if (username) localStorage.setItem(REMEMBERED_USERNAME_KEY, username);
    else localStorage.removeItem(REMEMBERED_USERNAME_KEY);
  } catch {
    // Not remembered; nothing else depends on it.
  }
}

interface LoginFormProps {
  onSuccess: () => void;
}

/** Username, password and captcha, checked by the shared login schema (spec section 5). */
export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const queryClient = useQueryClient();
  const captcha = useCaptcha();
  const login = useLogin();
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState(false);
  // Until the server says otherwise the captcha is on (it is by default), so the Code field is shown; but it
  // is required only once the server has answered: a field that may vanish must not hold the sign-in back.
  const captchaEnabled = captcha.data?.captchaEnabled ?? true;
  const captchaKnown = captcha.data !== undefined || captcha.isError;
  const schema = captchaEnabled && captchaKnown ? loginFormSchema : loginBodySchema;
  const remembered = readRemembered();

  /** The captcha's answer; a sign-in pressed before it came waits for it (the same request, not another). */
  const captchaAnswer = async (): Promise<CaptchaResponse | undefined> => {
    if (captcha.data || captcha.isError) return captcha.data;
    setWaiting(true);
    try {
      return await queryClient.fetchQuery(captchaQueryOptions);
    } catch {
      return undefined;
    } finally {
      setWaiting(false);
    }
  };

  const onFinish = async (values: LoginValues) => {
    const answer = await captchaAnswer();
    const enabled = answer?.captchaEnabled ?? true;
    const parsed = (enabled ? loginFormSchema : loginBodySchema).safeParse({
      ...values,
      uuid: answer?.uuid ?? '',
    });
    if (!parsed.success) {
      // The captcha turned out on and its field, shown now, is empty: it says so there.
      if (enabled && !values.code?.trim())
        form.setFields([{ name: 'code', errors: [validationMessage('required', 'code')] }]);
      return;
    }
    setError(undefined);
    try {
      await login.mutateAsync(parsed.data);
      writeRemembered(values.rememberMe ? parsed.data.username : null);
      onSuccess();
    } catch (e) {
      setError(e instanceof RequestError ? e.message : t('request.errors.default'));
      // The answer was used up by this attempt: a new picture, an empty field.
      form.setFieldValue('code', '');
      if (enabled) void captcha.refetch();
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: remembered, rememberMe: remembered !== '' }}
      onFinish={(values) => void onFinish(values)}
      className="sb-login-form"
    >
      {error && <Alert type="error" showIcon title={error} className="sb-login-error" role="alert" />}
      <Form.Item label={t('fields.username')} {...zodField(schema, 'username')}>
        <Input
          prefix={<UserOutlined aria-hidden />}
          placeholder={t('login.usernamePlaceholder')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item label={t('fields.password')} {...zodField(schema, 'password')}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      {captchaEnabled && (
        <Form.Item label={t('fields.code')} htmlFor="code">
          <div className="sb-captcha-row">
            <Form.Item noStyle {...zodField(schema, 'code')}>
              <Input
                prefix={<SafetyOutlined aria-hidden />}
                placeholder={t('login.codePlaceholder')}
                autoComplete="off"
                maxLength={16}
              />
            </Form.Item>
            <CaptchaImage
              img={captcha.data?.img}
              loading={captcha.isFetching}
              failed={captcha.isError}
              onRefresh={() => void captcha.refetch()}
            />
          </div>
        </Form.Item>
      )}
      <Form.Item name="rememberMe" valuePropName="checked">
        <Checkbox>{t('login.rememberMe')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending || waiting}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </Form>
  );
}
