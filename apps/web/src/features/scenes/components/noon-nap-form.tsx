import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  NOON_NAP_AC_ACTIONS,
  NOON_NAP_SLEEP_OFFSET_MAX,
  noonNapCreateBodySchema,
  type NoonNap,
  type NoonNapAcAction,
  type NoonNapOptions,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { zodField } from '@/lib/form-rules';
import { useCreateNoonNap, useSaveNoonNap } from '../api/noon-naps';

export interface NoonNapValues {
  name?: string;
  enabled?: boolean;
  workTimeId?: number;
  zoneIds?: number[];
  dimLevel?: number;
  acAction?: NoonNapAcAction;
  sleepOffset?: number;
}

interface NoonNapFormProps {
  projectId: number;
  options: NoonNapOptions;
  /** The noon nap being edited; undefined creates one. */
  editing: NoonNap | undefined;
  open: boolean;
  onClose: () => void;
}

const schema = noonNapCreateBodySchema;

/** Create or edit a noon nap: its NAP work time, zones, dim level and what the ACs do. */
export function NoonNapForm({ projectId, options, editing, open, onClose }: NoonNapFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NoonNapValues>();
  const create = useCreateNoonNap();
  const save = useSaveNoonNap();
  const acAction = Form.useWatch('acAction', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        enabled: editing.enabled,
        workTimeId: editing.workTimeId ?? options.napWorkTimes[0]?.id,
        zoneIds: editing.zones.map((z) => z.id),
        dimLevel: editing.dimLevel,
        acAction: editing.acAction,
        sleepOffset: editing.sleepOffset,
      });
    } else {
      form.setFieldsValue({
        enabled: true,
        workTimeId: options.napWorkTimes[0]?.id,
        dimLevel: 50,
        acAction: 'sleep',
        sleepOffset: 2,
      });
    }
  }, [open, editing, form, options.napWorkTimes]);

  const onFinish = async (values: NoonNapValues) => {
    const parsed = schema.safeParse({ ...values, projectId });
    if (!parsed.success) return;
    const { projectId: _p, ...body } = parsed.data;
    try {
      if (editing) await save.mutateAsync({ id: editing.id, body: { ...body, version: editing.version } });
      else await create.mutateAsync(parsed.data);
      message.success(t(editing ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch {
      // The request client showed the server's message; on 409 the list reloaded.
      if (editing) onClose();
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t(editing ? 'noonNap.edit' : 'noonNap.add')}
      confirmLoading={create.isPending || save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<NoonNapValues>
        form={form}
        name="noonNapForm"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item label={t('noonNap.fields.name')} {...zodField(schema, 'name', t('noonNap.fields.name'))}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label={t('fields.workTimeId')} {...zodField(schema, 'workTimeId')}>
          <Select
            options={options.napWorkTimes.map((w) => ({
              value: w.id,
              label: `${w.name || t('noonNap.napWindow')} ${w.startTime}–${w.endTime}`,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('fields.zoneIds')} {...zodField(schema, 'zoneIds')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={options.zones.map((z) => ({
              value: z.id,
              label: `${z.buildingName} / ${z.floorName} / ${z.name}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t('fields.dimLevel')}
          extra={t('noonNap.dimLevelHelp')}
          {...zodField(schema, 'dimLevel')}
        >
          <InputNumber min={0} max={255} precision={0} className="sb-full-width" />
        </Form.Item>
        <Form.Item label={t('fields.acAction')} {...zodField(schema, 'acAction')}>
          <Radio.Group
            options={NOON_NAP_AC_ACTIONS.map((a) => ({ value: a, label: t(`noonNap.acActions.${a}`) }))}
          />
        </Form.Item>
        {acAction === 'sleep' && (
          <Form.Item
            label={t('fields.sleepOffset')}
            extra={t('noonNap.sleepHelp')}
            {...zodField(schema, 'sleepOffset')}
          >
            <InputNumber min={0} max={NOON_NAP_SLEEP_OFFSET_MAX} precision={0} suffix="°C" />
          </Form.Item>
        )}
        <Form.Item label={t('noonNap.fields.enabled')} name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
