import { App, Button, Form, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GROUP_STATUSES, groupCreateBodySchema, type DeviceGroup } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useCreateGroup } from '../api/create-group';
import { useSaveGroup } from '../api/save-group';
import { ChosenDevices, chosenDevicesProblem, chosenFromGroup, type ChosenDevice } from './chosen-devices';

interface GroupFormValues {
  name: string;
  status: DeviceGroup['status'];
  devices: ChosenDevice[];
}

export interface GroupFormProps {
  projectId: number;
  /** The group being edited; null creates one. */
  group: DeviceGroup | null;
  /** Shown disabled, without Save or Cancel (the page says why): the caller may not change groups. */
  readOnly?: boolean;
  /** Saved, or cancelled. */
  onDone: () => void;
}

/** A group's name, status and devices; the device rules of section 5 are checked before saving. */
export function GroupForm({ projectId, group, readOnly = false, onDone }: GroupFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupFormValues>();
  const create = useCreateGroup();
  const save = useSaveGroup();

  const onFinish = async (values: GroupFormValues) => {
    const fields = { name: values.name, status: values.status, deviceIds: values.devices.map((d) => d.id) };
    try {
      if (group) await save.mutateAsync({ id: group.id, body: { ...fields, version: group.version } });
      else await create.mutateAsync({ projectId, ...fields });
      message.success(t('deviceGroups.saved', { name: values.name }));
      onDone();
    } catch {
      // Shown by the request client (a 409 reloads the group through the query).
    }
  };

  return (
    <Form<GroupFormValues>
      form={form}
      layout="vertical"
      name="group-form"
      disabled={readOnly}
      initialValues={{
        name: group?.name ?? '',
        status: group?.status ?? '0',
        devices: group ? chosenFromGroup(group) : [],
      }}
      onFinish={onFinish}
    >
      <Form.Item label={t('deviceGroups.name')} {...zodField(groupCreateBodySchema, 'name')}>
        <Input maxLength={64} style={{ maxWidth: 400 }} />
      </Form.Item>
      <Form.Item label={t('fields.status')} name="status">
        <Radio.Group
          options={GROUP_STATUSES.map((s) => ({ value: s, label: t(`deviceGroups.status.${s}`) }))}
        />
      </Form.Item>
      <Typography.Title level={2} id="sb-group-devices" className="sb-form-section">
        {t('fields.deviceIds')}
      </Typography.Title>
      <section aria-labelledby="sb-group-devices">
        <Form.Item<GroupFormValues>
          name="devices"
          rules={[
            {
              validator: async (_rule, value: ChosenDevice[] | undefined) => {
                const problem = chosenDevicesProblem(value ?? []);
                if (problem) throw new Error(t(`validation.${problem}`));
              },
            },
          ]}
        >
          <ChosenDevices projectId={projectId} readOnly={readOnly} />
        </Form.Item>
      </section>
      {readOnly ? null : (
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending || save.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={onDone}>{t('common.cancel')}</Button>
        </Space>
      )}
    </Form>
  );
}
