import { Form, Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { useCaptcha } from '../api/get-captcha';
import { CaptchaImage } from './captcha-image';

interface CaptchaFieldProps {
  captcha: ReturnType<typeof useCaptcha>;
  rules: Rule[];
}

/** The verification code and its picture, as on the login page (shown only while the captcha is on). */
export function CaptchaField({ captcha, rules }: CaptchaFieldProps) {
  const { t } = useTranslation();
  if (captcha.data?.captchaEnabled === false) return null;
  return (
    <Form.Item label={t('fields.code')} htmlFor="code" required>
      <div className="sb-captcha-row">
        <Form.Item noStyle name="code" rules={rules}>
          <Input
            id="code"
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
  );
}
