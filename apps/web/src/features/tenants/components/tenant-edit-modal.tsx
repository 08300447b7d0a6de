import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { tenantEditFormSchema, type Tenant, type TenantStatus } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { RequestError } from '@/lib/request';
import { tenantQueryOptions } from '../api/get-tenant';
import { useSaveTenant } from '../api/save-tenant';

export interface TenantEditValues {
  name: string;
  contactName: string;
  contactPhone: string;
  status: TenantStatus;
}

function valuesOf(tenant: Tenant): TenantEditValues {
  return {
    name: tenant.name,
    contactName: tenant.contactName,
    contactPhone: tenant.contactPhone,
    status: tenant.status,
  };
}

/** Name, contact and status; disabling asks first, since it signs the tenant's users out. */
export function TenantEditModal({ tenant, onClose }: { tenant: Tenant; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TenantEditValues>();
  const [row, setRow] = useState(tenant);
  const save = useSaveTenant();

  const store = async (values: TenantEditValues) => {
    const parsed = tenantEditFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await save.mutateAsync({ id: row.id, body: { ...parsed.data, version: row.version } });
      message.success(t('tenants.saved', { name: parsed.data.name }));
      onClose();
    } catch (error) {
      // The request client has shown the server's message; a stale copy is reloaded for another try.
      if (error instanceof RequestError && error.code === 409) {
        const fresh = await queryClient.fetchQuery({ ...tenantQueryOptions(row.id), staleTime: 0 });
        setRow(fresh);
        form.setFieldsValue(valuesOf(fresh));
      }
    }
  };

  const submit = (values: TenantEditValues) => {
    if (values.status === '1' && row.status !== '1') {
      modal.confirm({
        title: t('tenants.disableTitle', { name: row.name }),
        content: t('tenants.disableConfirm'),
        okText: t('tenants.disable'),
        cancelText: t('common.cancel'),
        onOk: () => store(values),
      });
    } else {
      void store(values);
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={t('tenants.editTitle')}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <Form<TenantEditValues>
        form={form}
        layout="vertical"
        name="tenant-edit"
        initialValues={valuesOf(row)}
        onFinish={submit}
      >
        <Form.Item label={t('tenants.name')} {...zodField(tenantEditFormSchema, 'name', t('tenants.name'))}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('fields.contactName')} {...zodField(tenantEditFormSchema, 'contactName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('fields.contactPhone')} {...zodField(tenantEditFormSchema, 'contactPhone')}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
        <Form.Item
          label={t('fields.status')}
          extra={t('tenants.statusHint')}
          {...zodField(tenantEditFormSchema, 'status')}
        >
          <Radio.Group
            options={[
              { value: '0', label: t('tenants.status.0') },
              { value: '1', label: t('tenants.status.1') },
            ]}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
