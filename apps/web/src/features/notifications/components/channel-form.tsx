import { useEffect } from 'react';
import { App, Checkbox, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALERT_LEVELS,
  MAX_RECIPIENTS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_KINDS,
  channelFormSchema,
  type AlertLevel,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationKind,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { validationMessage, zodField, zodRule } from '@/lib/form-rules';
import { useSaveChannel } from '../api/channels';

export interface ChannelValues {
  name?: string;
  kind?: NotificationKind;
  enabled?: boolean;
  levels?: AlertLevel[];
  events?: NotificationEvent[];
  url?: string;
  secret?: string;
  clearSecret?: boolean;
  recipients?: string[];
}

interface ChannelFormProps {
  projectId: number;
  editing: NotificationChannel | undefined;
  open: boolean;
  onClose: () => void;
}

const NEW_CHANNEL: ChannelValues = {
  kind: 'webhook',
  enabled: true,
  levels: ['urgent', 'secondary'],
  events: ['raised', 'resolved'],
  url: '',
  secret: '',
  recipients: [],
};

/**
 * Create or edit a webhook or e-mail channel, checked by the shared channel schema. The secret is never
 * shown: left blank it keeps the stored one; "Remove the secret" clears it.
 */
export function ChannelForm({ projectId, editing, open, onClose }: ChannelFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChannelValues>();
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'webhook';
  const save = useSaveChannel();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...editing, secret: '', clearSecret: false } : NEW_CHANNEL);
  }, [open, editing, form]);

  const onFinish = async (values: ChannelValues) => {
    const parsed = channelFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      if (editing)
        await save.mutateAsync({
          ...parsed.data,
          projectId,
          id: editing.id,
          version: editing.version,
          clearSecret: values.clearSecret ?? false,
        });
      else await save.mutateAsync({ ...parsed.data, projectId });
      message.success(t(editing ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch {
      // The request client showed the message; after a 409 the table holds the newer channel.
      if (editing) onClose();
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t(editing ? 'notifications.editTitle' : 'notifications.createTitle')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<ChannelValues>
        form={form}
        name="channelForm"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          label={t('notifications.name')}
          {...zodField(channelFormSchema, 'name', t('notifications.name'))}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('notifications.kind')} name="kind">
          <Radio.Group
            options={NOTIFICATION_KINDS.map((value) => ({ value, label: t(`notifications.kinds.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('notifications.enabled')} name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label={t('notifications.levels')}
          {...zodField(channelFormSchema, 'levels', t('notifications.levels'))}
          extra={t('notifications.levelsHelp')}
        >
          <Select
            mode="multiple"
            aria-label={t('notifications.levels')}
            options={ALERT_LEVELS.map((value) => ({ value, label: t(`alarm.levels.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('notifications.events')}
          {...zodField(channelFormSchema, 'events', t('notifications.events'))}
        >
          <Select
            mode="multiple"
            aria-label={t('notifications.events')}
            options={NOTIFICATION_EVENTS.map((value) => ({
              value,
              label: t(`notifications.eventNames.${value}`),
            }))}
          />
        </Form.Item>
        {kind === 'webhook' ? (
          <>
            <Form.Item
              label={t('notifications.url')}
              name="url"
              required
              rules={[
                { required: true, message: validationMessage('required', 'url', t('notifications.url')) },
                zodRule(channelFormSchema, 'url', t('notifications.url')),
              ]}
              extra={t('notifications.urlHelp')}
            >
              <Input maxLength={500} inputMode="url" placeholder="https://" />
            </Form.Item>
            <Form.Item
              label={t('notifications.secret')}
              {...zodField(channelFormSchema, 'secret', t('notifications.secret'))}
              extra={t(editing?.hasSecret ? 'notifications.secretKept' : 'notifications.secretHelp')}
            >
              <Input.Password maxLength={200} autoComplete="new-password" />
            </Form.Item>
            {editing?.hasSecret && (
              <Form.Item name="clearSecret" valuePropName="checked">
                <Checkbox>{t('notifications.clearSecret')}</Checkbox>
              </Form.Item>
            )}
          </>
        ) : (
          <Form.Item
            label={t('notifications.recipients')}
            {...zodField(channelFormSchema, 'recipients', t('notifications.recipients'))}
            required
            extra={t('notifications.recipientsHelp', { max: MAX_RECIPIENTS })}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', ';', ' ']}
              open={false}
              suffixIcon={null}
              aria-label={t('notifications.recipients')}
            />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
