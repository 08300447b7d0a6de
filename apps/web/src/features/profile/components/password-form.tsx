import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordChangeFormSchema } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useUpdatePassword } from '../api/update-password';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Old, new and confirmation, with 'Passwords is different' when they differ (spec section 5). */
export function PasswordForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const update = useUpdatePassword();

  const onFinish = async (values: PasswordValues) => {
    const parsed = passwordChangeFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await update.mutateAsync({
        oldPassword: parsed.data.oldPassword,
        newPassword: parsed.data.newPassword,
      });
      message.success(t('profile.passwordChanged'));
      form.resetFields();
    } catch {
      // The request client has shown the server's message (e.g. a wrong old password).
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      onFinish={(v) => void onFinish(v)}
      className="sb-profile-form"
    >
      <Form.Item label={t('fields.oldPassword')} {...zodField(passwordChangeFormSchema, 'oldPassword')}>
        <Input.Password placeholder={t('profile.oldPasswordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item label={t('fields.newPassword')} {...zodField(passwordChangeFormSchema, 'newPassword')}>
        <Input.Password placeholder={t('profile.newPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('fields.confirmPassword')}
        dependencies={['newPassword']}
        {...zodField(passwordChangeFormSchema, 'confirmPassword')}
      >
        <Input.Password placeholder={t('profile.confirmPasswordPlaceholder')} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
