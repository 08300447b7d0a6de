import { useEffect } from 'react';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { DEFAULT_TIME_ZONE, projectFormSchema, type Project } from '@sbuilding/shared';
import { validationMessage } from '@/lib/form-rules';
import { useHasRole } from '@/lib/permissions';
import { useCreateProject } from '../api/create-project';
import { useTenantOptions } from '../api/list-tenant-options';
import { useSaveProject } from '../api/save-project';
import { ProjectFormFields, type ProjectValues } from './project-form-fields';

const PLATFORM_ADMIN = ['admin'];

interface ProjectFormModalProps {
  /** The project being edited; undefined creates one. */
  editing: Project | undefined;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a project in a modal; an edit sends the version it read (409 when stale). */
export function ProjectFormModal({ editing, open, onClose }: ProjectFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProjectValues & { tenantId?: number }>();
  const create = useCreateProject();
  // The platform administrator belongs to no tenant, so a project it creates names one (the server requires it).
  const admin = useHasRole(PLATFORM_ADMIN);
  const namesTenant = admin && !editing;
  const tenants = useTenantOptions(open && namesTenant);
  const save = useSaveProject();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ?? { status: 'new', timeZone: DEFAULT_TIME_ZONE });
  }, [open, editing, form]);

  const onFinish = async (values: ProjectValues) => {
    const parsed = projectFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      if (editing)
        await save.mutateAsync({ id: editing.id, body: { ...parsed.data, version: editing.version } });
      else await create.mutateAsync(parsed.data);
      message.success(t(editing ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch {
      // The request client showed the message; after a 409 the list holds the newer row to edit again.
      if (editing) onClose();
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t(editing ? 'projects.editTitle' : 'projects.createTitle')}
      confirmLoading={create.isPending || save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<ProjectValues & { tenantId?: number }>
        form={form}
        name="projectForm"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
      >
        {namesTenant && (
          <Form.Item
            label={t('fields.tenantId')}
            name="tenantId"
            required
            rules={[{ required: true, message: validationMessage('required', 'tenantId') }]}
          >
            <Select
              loading={tenants.isLoading}
              options={(tenants.data?.rows ?? []).map((tenant) => ({ value: tenant.id, label: tenant.name }))}
            />
          </Form.Item>
        )}
        <ProjectFormFields />
      </Form>
    </FormModal>
  );
}
