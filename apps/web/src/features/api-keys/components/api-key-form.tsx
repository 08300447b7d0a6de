import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_ACCESS,
  API_KEY_DEFAULT_DAYS,
  API_KEY_MAX_DAYS,
  apiKeyFormSchema,
  type ApiKeyAccess,
  type ApiKeyCreated,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { zodField } from '@/lib/form-rules';
import { useCreateApiKey } from '../api/create-api-key';
import { useProjectOptions } from '../api/get-project-options';

interface Values {
  name?: string;
  access?: ApiKeyAccess;
  projectIds?: number[];
  expiresInDays?: number;
}

const NEW_KEY: Values = { name: '', access: 'read', projectIds: [], expiresInDays: API_KEY_DEFAULT_DAYS };

export interface ApiKeyFormProps {
  open: boolean;
  /** Whose key (an administrator making one for a service account); the caller's when absent. */
  userId?: number;
  onClose: () => void;
  onCreated: (created: ApiKeyCreated) => void;
}

/** New API key: a name, read-only or read-write, optionally some projects, an expiry of 1-365 days. */
export function ApiKeyForm({ open, userId, onClose, onCreated }: ApiKeyFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateApiKey();
  const projects = useProjectOptions(open);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(NEW_KEY);
  }, [open, form]);

  const onFinish = async (values: Values) => {
    const parsed = apiKeyFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      const created = await create.mutateAsync({
        ...parsed.data,
        ...(userId === undefined ? {} : { userId }),
      });
      onCreated(created);
    } catch {
      // The request client has shown why.
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t('apiKeys.createTitle')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} name="apiKeyForm" layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item label={t('apiKeys.name')} {...zodField(apiKeyFormSchema, 'name', t('apiKeys.name'))}>
          <Input maxLength={50} placeholder={t('apiKeys.namePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('apiKeys.access')} name="access">
          <Radio.Group
            options={API_KEY_ACCESS.map((value) => ({ value, label: t(`apiKeys.accessNames.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('apiKeys.projects')} name="projectIds" extra={t('apiKeys.projectsHint')}>
          <Select
            mode="multiple"
            allowClear
            aria-label={t('apiKeys.projects')}
            placeholder={t('apiKeys.allProjects')}
            loading={projects.isLoading}
            options={(projects.data?.rows ?? []).map((p) => ({ value: p.id, label: p.projectName }))}
          />
        </Form.Item>
        <Form.Item
          label={t('apiKeys.expiresInDays')}
          extra={t('apiKeys.expiresHint', { max: API_KEY_MAX_DAYS })}
          {...zodField(apiKeyFormSchema, 'expiresInDays', t('apiKeys.expiresInDays'))}
        >
          <InputNumber min={1} max={API_KEY_MAX_DAYS} precision={0} aria-label={t('apiKeys.expiresInDays')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
