import { App, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SSO_SCOPES,
  INVITABLE_ROLES,
  SSO_PROVIDER_KINDS,
  ssoProviderCreateBodySchema,
  ssoProviderSaveBodySchema,
  type SsoProviderKind,
  type SsoProviderRow,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { zodField } from '@/lib/form-rules';
import { useCreateProvider } from '../api/create-provider';
import { useSaveProvider } from '../api/save-provider';
import { useTenantChoices } from '../api/get-tenant-choices';

interface ProviderValues {
  tenantId?: number;
  name: string;
  protocol: SsoProviderKind;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint: string;
  subjectClaim: string;
  newUserRole: string;
  enabled: boolean;
}

const NO_ROLE = '';

/** Adds or edits a tenant's identity provider. The client secret is never shown: empty keeps it. */
export function ProviderFormModal({
  provider,
  isAdmin,
  onClose,
}: {
  provider: SsoProviderRow | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProviderValues>();
  const protocol = Form.useWatch('protocol', form) ?? provider?.protocol ?? 'oidc';
  const create = useCreateProvider();
  const save = useSaveProvider();
  const tenants = useTenantChoices(isAdmin && provider === null);
  const schema = provider ? ssoProviderSaveBodySchema : ssoProviderCreateBodySchema;

  const submit = async (values: ProviderValues) => {
    const newUserRole = INVITABLE_ROLES.find((r) => r === values.newUserRole) ?? null;
    try {
      if (provider) {
        const parsed = ssoProviderSaveBodySchema.safeParse({
          ...values,
          newUserRole,
          version: provider.version,
        });
        if (!parsed.success) return;
        await save.mutateAsync({ id: provider.id, body: parsed.data });
      } else {
        const parsed = ssoProviderCreateBodySchema.safeParse({ ...values, newUserRole });
        if (!parsed.success) return;
        await create.mutateAsync(parsed.data);
      }
      message.success(t('sso.providerSaved', { name: values.name }));
      onClose();
    } catch {
      // Shown by the request client.
    }
  };

  return (
    <FormModal
      form={form}
      open
      title={provider ? t('sso.editProvider', { name: provider.name }) : t('sso.addProvider')}
      confirmLoading={create.isPending || save.isPending}
      onCancel={onClose}
      width={640}
    >
      <Typography.Paragraph type="secondary">
        {t('sso.callbackHint', { url: `${window.location.origin}/auth-redirect` })}
      </Typography.Paragraph>
      <Form<ProviderValues>
        form={form}
        layout="vertical"
        name="sso-provider"
        initialValues={{
          protocol: 'oidc',
          scopes: DEFAULT_SSO_SCOPES,
          enabled: true,
          newUserRole: NO_ROLE,
          ...(provider
            ? { ...provider, newUserRole: provider.newUserRole ?? NO_ROLE, clientSecret: '' }
            : {}),
        }}
        onFinish={(v) => void submit(v)}
      >
        {isAdmin && provider === null && (
          <Form.Item
            name="tenantId"
            label={t('fields.tenantId')}
            rules={[{ required: true, message: t('sso.tenantRequired') }]}
          >
            <Select options={tenants.data ?? []} />
          </Form.Item>
        )}
        <Form.Item label={t('fields.name')} extra={t('sso.nameHint')} {...zodField(schema, 'name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('fields.protocol')} {...zodField(schema, 'protocol')}>
          <Select options={SSO_PROVIDER_KINDS.map((k) => ({ value: k, label: t(`sso.protocols.${k}`) }))} />
        </Form.Item>
        <Form.Item label={t('fields.issuer')} extra={t('sso.issuerHint')} {...zodField(schema, 'issuer')}>
          <Input placeholder="https://login.example.com/realms/campus" />
        </Form.Item>
        <Form.Item label={t('fields.clientId')} {...zodField(schema, 'clientId')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={t('fields.clientSecret')}
          extra={provider ? t('sso.secretKept') : undefined}
          {...zodField(schema, 'clientSecret')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('fields.scopes')} {...zodField(schema, 'scopes')}>
          <Input />
        </Form.Item>
        {protocol === 'oauth2' && (
          <>
            <Form.Item
              label={t('fields.authorizationEndpoint')}
              {...zodField(schema, 'authorizationEndpoint')}
            >
              <Input />
            </Form.Item>
            <Form.Item label={t('fields.tokenEndpoint')} {...zodField(schema, 'tokenEndpoint')}>
              <Input />
            </Form.Item>
            <Form.Item label={t('fields.userinfoEndpoint')} {...zodField(schema, 'userinfoEndpoint')}>
              <Input />
            </Form.Item>
            <Form.Item
              label={t('fields.subjectClaim')}
              extra={t('sso.subjectHint')}
              {...zodField(schema, 'subjectClaim')}
            >
              <Input placeholder="sub" />
            </Form.Item>
          </>
        )}
        <Form.Item name="newUserRole" label={t('fields.newUserRole')}>
          <Select
            options={[
              { value: NO_ROLE, label: t('sso.bindOnly') },
              ...INVITABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('sso.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
