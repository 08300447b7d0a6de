import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodField } from '@/lib/form-rules';
import { useBuildingOptions } from '../api/list-building-options';
import { useFloorOptions } from '../api/list-floor-options';
import { useZoneOptions } from '../api/list-zone-options';

export interface LocationFieldsProps {
  schema: z.ZodType;
  projectId: number;
  /** A Bluetooth gateway is created on its floor: the floor is then required. */
  floorRequired: boolean;
}

/** Building, floor and zone (each list depends on the one before) and the free-text position. */
export function LocationFields({ schema, projectId, floorRequired }: LocationFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const buildingId = Form.useWatch<number | null | undefined>('buildingId', form);
  const floorId = Form.useWatch<number | null | undefined>('floorId', form);
  const buildings = useBuildingOptions(projectId);
  const floors = useFloorOptions(buildingId);
  const zones = useZoneOptions(floorId);
  const floorItem = zodField(schema, 'floorId');
  const floorRule = {
    required: true,
    message: t('validation.required', { data: t('fields.floorId') }),
  };

  return (
    <>
      <Form.Item {...zodField(schema, 'buildingId')} label={t('fields.buildingId')}>
        <Select
          loading={buildings.isFetching}
          placeholder={t('devices.form.choose')}
          options={(buildings.data?.rows ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={() => form.setFieldsValue({ floorId: null, zoneId: null })}
        />
      </Form.Item>
      <Form.Item
        {...floorItem}
        rules={floorRequired ? [...floorItem.rules, floorRule] : floorItem.rules}
        required={floorRequired}
        label={t('fields.floorId')}
      >
        <Select
          allowClear
          disabled={!buildingId}
          loading={floors.isFetching}
          placeholder={t('devices.form.choose')}
          options={(floors.data?.rows ?? []).map((f) => ({ value: f.id, label: f.name }))}
          onChange={() => form.setFieldsValue({ zoneId: null })}
        />
      </Form.Item>
      <Form.Item {...zodField(schema, 'zoneId')} label={t('fields.zoneId')}>
        <Select
          allowClear
          disabled={!floorId}
          loading={zones.isFetching}
          placeholder={t('devices.form.choose')}
          options={(zones.data?.rows ?? []).map((z) => ({ value: z.id, label: z.name }))}
        />
      </Form.Item>
      <Form.Item {...zodField(schema, 'position')} label={t('fields.position')}>
        <Input maxLength={100} placeholder={t('devices.form.positionHint')} />
      </Form.Item>
    </>
  );
}
