import { App, Divider, Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import {
  tenantAdminBodySchema,
  tenantCreateFormSchema,
  userResetPwdFormSchema,
  type TenantCreateBody,
} from '@sbuilding/shared';
import { validationMessage, zodField } from '@/lib/form-rules';
import { useCreateTenant } from '../api/create-tenant';

export interface TenantCreateValues {
  name: string;
  contactName?: string;
  contactPhone?: string;
  admin: TenantCreateBody['admin'] & { confirmPassword: string };
}

/** The first administrator's fields live under `admin`, as in the request body. */
function adminField(field: keyof TenantCreateBody['admin']) {
  return { ...zodField(tenantAdminBodySchema, field), name: ['admin', field] };
}

/** The confirmation must equal the administrator's password ('Passwords is different'). */
const confirmRule: FormRule = (form) => ({
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || value === '')
      throw new Error(validationMessage('required', 'confirmPassword'));
    const parsed = userResetPwdFormSchema.safeParse({
      password: form.getFieldValue(['admin', 'password']),
      confirmPassword: value,
    });
    const issue = parsed.error?.issues.find((i) => i.path[0] === 'confirmPassword');
    if (issue) throw new Error(validationMessage(issue.message, 'confirmPassword'));
  },
});

/** A tenant and its first project administrator (tbAdmin), created together. */
export function TenantCreateModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TenantCreateValues>();
  const create = useCreateTenant();

  const submit = async (values: TenantCreateValues) => {
    const parsed = tenantCreateFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await create.mutateAsync(parsed.data);
      message.success(t('tenants.created', { name: parsed.data.name }));
      onClose();
    } catch {
      // The request client has shown the server's message (e.g. a taken name or username).
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={t('tenants.createTitle')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      width={640}
    >
      <Form<TenantCreateValues>
        form={form}
        layout="vertical"
        name="tenant-create"
        onFinish={(v) => void submit(v)}
      >
        <Form.Item label={t('tenants.name')} {...zodField(tenantCreateFormSchema, 'name', t('tenants.name'))}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('fields.contactName')} {...zodField(tenantCreateFormSchema, 'contactName')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('fields.contactPhone')} {...zodField(tenantCreateFormSchema, 'contactPhone')}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
        <Divider titlePlacement="start">{t('tenants.firstAdmin')}</Divider>
        <Form.Item label={t('fields.userName')} extra={t('tenants.userNameHint')} {...adminField('userName')}>
          <Input autoComplete="off" maxLength={30} />
        </Form.Item>
        <Form.Item label={t('fields.nickName')} {...adminField('nickName')}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item label={t('fields.password')} extra={t('tenants.passwordHint')} {...adminField('password')}>
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item
          label={t('fields.confirmPassword')}
          name={['admin', 'confirmPassword']}
          dependencies={[['admin', 'password']]}
          required
          rules={[confirmRule]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} />
        </Form.Item>
        <Form.Item label={t('fields.email')} {...adminField('email')}>
          <Input maxLength={50} inputMode="email" />
        </Form.Item>
        <Form.Item label={t('fields.phonenumber')} {...adminField('phonenumber')}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
