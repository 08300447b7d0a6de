import { useEffect } from 'react';
import { App, Button, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { smtpSettingsBodySchema, type SmtpSettingsBody } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useSaveSmtpSettings, useSmtpSettings } from '../api/smtp';

type SmtpValues = Partial<SmtpSettingsBody>;

/**
 * The SMTP server e-mail channels send through (a platform setting, stored in system config). The password
 * is never shown; left blank it keeps the stored one.
 */
export function SmtpSettingsForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SmtpValues>();
  const settings = useSmtpSettings(true);
  const save = useSaveSmtpSettings();
  const stored = settings.data;

  useEffect(() => {
    if (stored === undefined) return;
    form.setFieldsValue(
      stored
        ? { ...stored, password: '' }
        : { host: '', port: 587, secure: false, user: '', password: '', from: '' },
    );
  }, [stored, form]);

  const onFinish = async (values: SmtpValues) => {
    const parsed = smtpSettingsBodySchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
      form.setFieldValue('password', '');
      message.success(t('notifications.smtpSaved'));
    } catch {
      // The request client showed the message.
    }
  };

  return (
    <Form<SmtpValues>
      form={form}
      name="smtpForm"
      layout="vertical"
      className="sb-smtp-form"
      onFinish={(v) => void onFinish(v)}
    >
      <Typography.Paragraph type="secondary">{t('notifications.smtpHelp')}</Typography.Paragraph>
      <Form.Item
        label={t('notifications.smtpHost')}
        {...zodField(smtpSettingsBodySchema, 'host', t('notifications.smtpHost'))}
      >
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item
        label={t('notifications.smtpPort')}
        {...zodField(smtpSettingsBodySchema, 'port', t('notifications.smtpPort'))}
      >
        <InputNumber min={1} max={65535} precision={0} />
      </Form.Item>
      <Form.Item
        label={t('notifications.smtpSecure')}
        name="secure"
        valuePropName="checked"
        extra={t('notifications.smtpSecureHelp')}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        label={t('notifications.smtpUser')}
        {...zodField(smtpSettingsBodySchema, 'user', t('notifications.smtpUser'))}
      >
        <Input maxLength={255} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label={t('notifications.smtpPassword')}
        {...zodField(smtpSettingsBodySchema, 'password', t('notifications.smtpPassword'))}
        extra={t(stored?.passwordSet ? 'notifications.smtpPasswordKept' : 'notifications.smtpPasswordNone')}
      >
        <Input.Password maxLength={255} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('notifications.smtpFrom')}
        {...zodField(smtpSettingsBodySchema, 'from', t('notifications.smtpFrom'))}
      >
        <Input maxLength={255} inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
