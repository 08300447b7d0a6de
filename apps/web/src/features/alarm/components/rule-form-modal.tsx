import { useEffect } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALERT_RULE_LEVELS,
  ALERT_RULE_OPERATORS,
  alertRuleFormSchema,
  MODEL_IDS,
  RANGE_OPERATORS,
  thresholdKeysOf,
  type AlertRule,
  type AlertRuleLevel,
  type AlertRuleOperator,
  type ModelId,
} from '@sbuilding/shared';
import { BuildingSelect } from '@/components/location-select';
import { FormModal } from '@/components/form-modal';
import { zodField } from '@/lib/form-rules';
import { useKeyLabel } from '@/lib/key-label';

/** What the dialog hands back: the rule's fields (the caller adds the project or the version). */
export interface RuleFormValues {
  name: string;
  enabled: boolean;
  model: ModelId;
  telemetryKey: string;
  operator: AlertRuleOperator;
  threshold: number;
  thresholdHigh: number | null;
  durationS: number;
  level: AlertRuleLevel;
  autoClear: boolean;
  clearDelayS: number;
  deadband: number;
  buildingId: number | null;
}

type FormValues = Partial<Omit<RuleFormValues, 'thresholdHigh' | 'buildingId'>> & {
  thresholdHigh?: number | null;
  buildingId?: number | null;
};

/** Models with at least one reading a threshold can watch (gateways' rssi counts). */
const RULE_MODELS = MODEL_IDS.filter((id) => thresholdKeysOf(id).length > 0);

const NEW_RULE: FormValues = {
  enabled: true,
  operator: 'above',
  durationS: 600,
  level: 'general',
  autoClear: true,
  clearDelayS: 60,
  deadband: 0,
  thresholdHigh: null,
  buildingId: null,
};

export interface RuleFormModalProps {
  open: boolean;
  /** The rule being edited; null adds one. */
  rule: AlertRule | null;
  projectId: number;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: RuleFormValues) => void;
}

/**
 * Add or edit a threshold rule. The model chooses the readings offered (with their units); every rule is
 * the shared zod schema's, so the dialog refuses what the server would (a range's high above its low).
 */
export function RuleFormModal({ open, rule, projectId, saving, onCancel, onSubmit }: RuleFormModalProps) {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  const [form] = Form.useForm<FormValues>();
  const model = Form.useWatch('model', form);
  const operator = Form.useWatch('operator', form);
  const autoClear = Form.useWatch('autoClear', form);
  const range = operator !== undefined && RANGE_OPERATORS.includes(operator);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(rule ? { ...rule } : NEW_RULE);
  }, [open, rule, form]);

  const field = (name: keyof RuleFormValues, label: string) => ({
    ...zodField(alertRuleFormSchema, name, label),
    label,
  });
  const keys = model ? thresholdKeysOf(model) : [];

  return (
    <FormModal
      form={form}
      open={open}
      title={rule ? t('alarm.rules.editTitle', { name: rule.name }) : t('alarm.rules.addTitle')}
      confirmLoading={saving}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="alert-rule"
        onValuesChange={(changed: FormValues) => {
          // Another model reports other readings: the chosen one may not be among them.
          if (changed.model !== undefined) form.setFieldValue('telemetryKey', undefined);
        }}
        onFinish={(values) => {
          const parsed = alertRuleFormSchema.safeParse({
            ...values,
            thresholdHigh: range ? values.thresholdHigh : null,
          });
          if (parsed.success) onSubmit(parsed.data);
        }}
      >
        <Form.Item {...field('name', t('alarm.rules.form.name'))}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item {...field('model', t('alarm.rules.form.model'))}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('alarm.rules.chooseModel')}
            options={RULE_MODELS.map((id) => ({ value: id, label: t(`catalogue.models.${id}`) }))}
          />
        </Form.Item>
        <Form.Item {...field('telemetryKey', t('alarm.rules.form.telemetryKey'))}>
          <Select
            disabled={!model}
            placeholder={model ? t('alarm.rules.chooseKey') : t('alarm.rules.chooseModelFirst')}
            options={keys.map((spec) => ({
              value: spec.key,
              label: `${keyLabel(spec.key)}${spec.unit ? ` (${spec.unit})` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item {...field('operator', t('alarm.rules.form.operator'))}>
          <Select
            options={ALERT_RULE_OPERATORS.map((op) => ({
              value: op,
              label: t(`alarm.rules.operators.${op}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          {...field('threshold', range ? t('alarm.rules.form.low') : t('alarm.rules.form.threshold'))}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        {range && (
          <Form.Item
            {...field('thresholdHigh', t('alarm.rules.form.high'))}
            required
            dependencies={['threshold']}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item
          {...field('durationS', t('alarm.rules.form.durationS'))}
          extra={t('alarm.rules.form.durationHelp')}
        >
          <InputNumber min={0} max={86_400} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item {...field('level', t('alarm.rules.form.level'))}>
          <Select options={ALERT_RULE_LEVELS.map((l) => ({ value: l, label: t(`alarm.levels.${l}`) }))} />
        </Form.Item>
        <Form.Item {...field('autoClear', t('alarm.rules.form.autoClear'))} valuePropName="checked">
          <Switch />
        </Form.Item>
        {autoClear && (
          <>
            <Form.Item
              {...field('clearDelayS', t('alarm.rules.form.clearDelayS'))}
              extra={t('alarm.rules.form.clearDelayHelp')}
            >
              <InputNumber min={0} max={86_400} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              {...field('deadband', t('alarm.rules.form.deadband'))}
              extra={t('alarm.rules.form.deadbandHelp')}
              dependencies={['threshold', 'thresholdHigh']}
            >
              <InputNumber min={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
        <Form.Item {...field('buildingId', t('alarm.rules.form.building'))}>
          <RuleBuilding projectId={projectId} label={t('alarm.rules.form.building')} />
        </Form.Item>
        <Form.Item {...field('enabled', t('alarm.rules.form.enabled'))} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The building chooser as a form control: empty means the whole project. */
function RuleBuilding(props: {
  projectId: number;
  label: string;
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  return (
    <BuildingSelect
      projectId={props.projectId}
      label={props.label}
      id={props.id}
      allowClear
      value={props.value ?? null}
      onChange={(value) => props.onChange?.(value ?? null)}
    />
  );
}
