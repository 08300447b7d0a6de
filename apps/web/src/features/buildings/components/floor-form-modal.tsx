import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { floorFormSchema, type Floor } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useCreateFloor } from '../api/create-floor';
import { useSaveFloor } from '../api/save-floor';
import { FileUpload } from '@/components/file-upload';
import { isStaleCopy } from './stale';

interface FloorValues {
  name: string;
  mark: string;
  area: number | null;
  imageId: string | null;
  planId: string | null;
  tags: string[];
  sort: number;
}

export interface FloorFormModalProps {
  open: boolean;
  buildingId: number;
  /** The floor being edited; null to add one. */
  floor: Floor | null;
  /** The sort order a new floor starts with (after the existing ones). */
  nextSort: number;
  onClose: (saved?: Floor) => void;
}

/** Add or edit a floor: its picture, its SVG plan (sanitized by the server) and its tags. */
export function FloorFormModal({ open, buildingId, floor, nextSort, onClose }: FloorFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FloorValues>();
  const create = useCreateFloor();
  const save = useSaveFloor();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      floor
        ? {
            name: floor.name,
            mark: floor.mark,
            area: floor.area,
            imageId: floor.imageId,
            planId: floor.planId,
            tags: floor.tags,
            sort: floor.sort,
          }
        : { tags: [], sort: nextSort, imageId: null, planId: null, area: null },
    );
  }, [open, floor, nextSort, form]);

  const onFinish = async (values: FloorValues) => {
    const parsed = floorFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      const saved = floor
        ? await save.mutateAsync({ id: floor.id, body: { ...parsed.data, version: floor.version } })
        : await create.mutateAsync({ buildingId, ...parsed.data });
      message.success(t(floor ? 'common.savedOk' : 'common.addedOk'));
      onClose(saved);
    } catch (error) {
      // The request client has shown the server's message.
      if (isStaleCopy(error)) onClose();
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={floor ? t('buildings.floor.edit') : t('buildings.floor.add')}
      onCancel={() => onClose()}
      confirmLoading={create.isPending || save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<FloorValues> name="floor" form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item label={t('fields.name')} {...zodField(floorFormSchema, 'name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('fields.mark')} {...zodField(floorFormSchema, 'mark')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('buildings.floor.areaLabel')} {...zodField(floorFormSchema, 'area')}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('fields.sort')} {...zodField(floorFormSchema, 'sort')}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('fields.tags')} {...zodField(floorFormSchema, 'tags')}>
          <Select
            mode="tags"
            tokenSeparators={[',']}
            aria-label={t('fields.tags')}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item label={t('fields.imageId')} name="imageId">
          <FileUpload kind="image" label={t('fields.imageId')} url={floor?.imageUrl ?? null} />
        </Form.Item>
        <Form.Item label={t('fields.planId')} name="planId">
          <FileUpload kind="svg" label={t('fields.planId')} url={floor?.planUrl ?? null} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
