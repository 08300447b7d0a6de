import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { userResetPwdFormSchema, type AdminUser } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useResetUserPassword } from '../api/reset-user-password';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** A new password (6-20) and its confirmation ('Passwords is different'). */
export function ResetPasswordModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetValues>();
  const reset = useResetUserPassword();

  const submit = async (values: ResetValues) => {
    const parsed = userResetPwdFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await reset.mutateAsync({ id: user.userId, body: { password: parsed.data.password } });
      message.success(t('users.passwordReset', { name: user.userName }));
      onClose();
    } catch {
      // The request client has shown the server's message.
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={t('users.resetTitle', { name: user.userName })}
      confirmLoading={reset.isPending}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('users.resetHint')}</Typography.Paragraph>
      <Form<ResetValues> form={form} layout="vertical" name="user-reset-pwd" onFinish={(v) => void submit(v)}>
        <Form.Item
          label={t('fields.password')}
          extra={t('users.passwordHint')}
          {...zodField(userResetPwdFormSchema, 'password')}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          label={t('fields.confirmPassword')}
          dependencies={['password']}
          {...zodField(userResetPwdFormSchema, 'confirmPassword')}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
