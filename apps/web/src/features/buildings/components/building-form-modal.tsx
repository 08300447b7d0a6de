import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { buildingFormSchema, type Building } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useCreateBuilding } from '../api/create-building';
import { useSaveBuilding } from '../api/save-building';
import { FileUpload } from '@/components/file-upload';
import { isStaleCopy } from './stale';

interface BuildingValues {
  name: string;
  longitude: number | null;
  latitude: number | null;
  address: string;
  imageId: string | null;
  miniProgramEnabled: boolean;
}

export interface BuildingFormModalProps {
  open: boolean;
  projectId: number;
  /** The building being edited; null to create one. */
  building: Building | null;
  onClose: () => void;
}

/** Create or edit a building; the shared building schema checks each field as the server does. */
export function BuildingFormModal({ open, projectId, building, onClose }: BuildingFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<BuildingValues>();
  const create = useCreateBuilding();
  const save = useSaveBuilding();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      building
        ? {
            name: building.name,
            longitude: building.longitude,
            latitude: building.latitude,
            address: building.address,
            imageId: building.imageId,
            miniProgramEnabled: building.miniProgramEnabled,
          }
        : { miniProgramEnabled: true, imageId: null },
    );
  }, [open, building, form]);

  const onFinish = async (values: BuildingValues) => {
    const parsed = buildingFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      if (building)
        await save.mutateAsync({ id: building.id, body: { ...parsed.data, version: building.version } });
      else await create.mutateAsync({ projectId, ...parsed.data });
      message.success(t(building ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch (error) {
      // The request client has shown the server's message.
      if (isStaleCopy(error)) onClose();
    }
  };

  const title = building ? t('buildings.editBuilding') : t('buildings.addBuilding');
  return (
    <FormModal
      form={form}
      open={open}
      title={title}
      onCancel={onClose}
      confirmLoading={create.isPending || save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<BuildingValues> name="building" form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item label={t('fields.name')} {...zodField(buildingFormSchema, 'name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('fields.longitude')} {...zodField(buildingFormSchema, 'longitude')}>
          <InputNumber step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('fields.latitude')} {...zodField(buildingFormSchema, 'latitude')}>
          <InputNumber step={0.000001} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('fields.address')} {...zodField(buildingFormSchema, 'address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label={t('fields.imageId')} name="imageId">
          <FileUpload kind="image" label={t('fields.imageId')} url={building?.imageUrl ?? null} />
        </Form.Item>
        <Form.Item label={t('fields.miniProgramEnabled')} name="miniProgramEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
