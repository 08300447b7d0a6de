import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { RequestError } from '@/lib/request';
import { useSaveDevice } from '../api/save-device';
import { DeviceForm } from './device-form';

/** The form values of a saved device: its place, pictures, name and model fields. */
export function valuesOf(device: Device): Record<string, unknown> {
  return {
    ...device.props,
    name: device.name,
    buildingId: device.buildingId,
    floorId: device.floorId,
    zoneId: device.zoneId,
    position: device.position,
    positionImageId: device.positionImageId,
    horizontalImageId: device.horizontalImageId,
    verticalImageId: device.verticalImageId,
  };
}

/** Edits a device with its model's generated form; the save carries the version read (409 when stale). */
export function DeviceEditModal({
  device,
  projectId,
  onClose,
}: {
  device: Device;
  projectId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveDevice();
  return (
    <FormModal
      open
      form={form}
      width={640}
      destroyOnHidden
      title={t('devices.editTitle', { name: device.name })}
      confirmLoading={save.isPending}
      onCancel={onClose}
    >
      <DeviceForm
        form={form}
        projectId={projectId}
        model={device.model}
        initialValues={valuesOf(device)}
        imageUrls={{
          positionImageId: device.positionImageUrl,
          horizontalImageId: device.horizontalImageUrl,
          verticalImageId: device.verticalImageUrl,
        }}
        onSubmit={async (body) => {
          try {
            await save.mutateAsync({ id: device.id, body: { ...body, version: device.version } });
            message.success(t('devices.saved', { name: device.name }));
            onClose();
          } catch (error) {
            // Shown by the request client. Someone else saved first: the list reloads, and the next edit
            // starts from the fresh row and its version.
            if (error instanceof RequestError && error.code === 409) onClose();
          }
        }}
      />
    </FormModal>
  );
}
