import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { z } from 'zod';
import { DICT_TYPES, zoneFormSchema, type Zone, type ZoneShape } from '@sbuilding/shared';
import { useDict } from '@/lib/dict';
import { validationMessage, zodField } from '@/lib/form-rules';
import { useCreateZone } from '../api/create-zone';
import { useSaveZone } from '../api/save-zone';
import { isStaleCopy } from './stale';
import { shapeToValues, valuesToShape, type ShapeValues } from './zone-shape';

type ZoneValues = { name: string; zoneType: string; mark: string } & ShapeValues;

/** The type field is named zoneType in the form, so its messages say 'Zone type', not 'Type'. */
const zoneTypeSchema = z.object({ zoneType: zoneFormSchema.shape.type });

export interface ZoneFormModalProps {
  open: boolean;
  floorId: number;
  /** The zone being edited; null to add one. */
  zone: Zone | null;
  /** A shape just drawn on the plan, put into the form. */
  drawn: ZoneShape | null;
  onClose: (saved?: Zone) => void;
}

const COORDINATES = ['x', 'y', 'w', 'h'] as const;

/** A zone's name, type (dictionary sb_zone_type), mark and shape (drawn, or typed in as numbers). */
export function ZoneFormModal({ open, floorId, zone, drawn, onClose }: ZoneFormModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ZoneValues>();
  const types = useDict(DICT_TYPES.zoneType);
  const create = useCreateZone();
  const save = useSaveZone();
  const shapeKind = Form.useWatch('shapeKind', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      name: zone?.name ?? '',
      zoneType: zone?.type,
      mark: zone?.mark ?? '',
      ...shapeToValues(drawn ?? zone?.shape ?? null),
    });
  }, [open, zone, drawn, form]);

  const onFinish = async (values: ZoneValues) => {
    const parsed = zoneFormSchema.safeParse({ name: values.name, type: values.zoneType, mark: values.mark });
    const shape = valuesToShape(values);
    if ('error' in shape) {
      form.setFields([
        { name: shape.error.field, errors: [validationMessage(shape.error.message, shape.error.field)] },
      ]);
      return;
    }
    if (!parsed.success) return;
    const body = { ...parsed.data, shape: shape.shape };
    try {
      const saved = zone
        ? await save.mutateAsync({ id: zone.id, body: { ...body, version: zone.version } })
        : await create.mutateAsync({ floorId, ...body });
      message.success(t(zone ? 'common.savedOk' : 'common.addedOk'));
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
      title={zone ? t('buildings.zone.edit') : t('buildings.zone.add')}
      onCancel={() => onClose()}
      confirmLoading={create.isPending || save.isPending}
      destroyOnHidden
      forceRender
    >
      <Form<ZoneValues> name="zone" form={form} layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item label={t('fields.name')} {...zodField(zoneFormSchema, 'name')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('fields.zoneType')} {...zodField(zoneTypeSchema, 'zoneType')}>
          <Select options={types} aria-label={t('fields.zoneType')} />
        </Form.Item>
        <Form.Item label={t('fields.mark')} {...zodField(zoneFormSchema, 'mark')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('fields.shape')} name="shapeKind">
          <Radio.Group
            aria-label={t('fields.shape')}
            options={[
              { value: 'none', label: t('buildings.zone.noShape') },
              { value: 'rect', label: t('buildings.zone.rect') },
              { value: 'polygon', label: t('buildings.zone.polygon') },
            ]}
          />
        </Form.Item>
        {shapeKind === 'rect'
          ? COORDINATES.map((field) => (
              <Form.Item
                key={field}
                label={t(`fields.${field}`)}
                name={field}
                rules={[{ required: true, message: validationMessage('required', field) }]}
              >
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            ))
          : null}
        {shapeKind === 'polygon' ? (
          <Form.Item
            label={t('fields.points')}
            name="points"
            extra={t('buildings.zone.pointsHint')}
            rules={[{ required: true, message: validationMessage('required', 'points') }]}
          >
            <Input.TextArea rows={4} />
          </Form.Item>
        ) : null}
      </Form>
    </FormModal>
  );
}
