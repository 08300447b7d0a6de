import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_OPERATORS,
  CONDITION_SOURCES,
  CONDITION_TRIGGERS,
  DEVICE_PROPERTIES,
  SCENE_AUX_CONDITIONS,
  SCENE_RELATIONSHIPS,
  SCENE_TRIGGER_TYPES,
  TIMED_TRIGGERS,
  WEATHER_PROPERTIES,
} from '@sbuilding/shared';
import { pickerDevicesQuery } from '@/components/device-picker';
import { ExecutionTimes } from './execution-times';
import { errorProps, type WizardErrors } from './wizard-errors';
import { ALL_WEEKDAYS, type ConditionValues, type WizardValues } from './wizard-values';

const LIMITS = [
  ['maxExecuteCount', 1440, ''],
  ['repeatIntervalMinutes', 10_080, 'min'],
  ['vacantTimeoutMinutes', 10_080, 'min'],
  ['manualTimeoutMinutes', 10_080, 'min'],
  ['preDelaySeconds', 86_400, 's'],
] as const;

/** Step 2: the trigger type and what it needs (times and weekdays, conditions), checks and limits. */
export function TriggerStep({ projectId, errors }: { projectId: number; errors: WizardErrors }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<WizardValues>();
  const triggerType = Form.useWatch('triggerType', form);
  const conditions = Form.useWatch('conditions', form) ?? [];
  const devices = useQuery(pickerDevicesQuery({ projectId, pageNum: 1, pageSize: 500 }));
  const deviceOptions = (devices.data?.rows ?? []).map((d) => ({ value: d.id, label: d.name }));
  const timed = triggerType !== undefined && TIMED_TRIGGERS.includes(triggerType);
  const conditional = triggerType !== undefined && CONDITION_TRIGGERS.includes(triggerType);
  const automatic = triggerType !== undefined && triggerType !== 'manual';
  const weatherOnly = triggerType === 'weather';

  return (
    <>
      <Form.Item
        label={t('fields.triggerType')}
        name="triggerType"
        required
        {...errorProps(errors, 'triggerType')}
      >
        <Radio.Group
          onChange={(e) => {
            // A weather scene reads only the weather.
            if (e.target.value === 'weather') {
              form.setFieldValue(
                'conditions',
                conditions.map((c) => ({ ...c, source: 'weather', deviceId: null, property: undefined })),
              );
            }
          }}
          options={SCENE_TRIGGER_TYPES.map((type) => ({
            value: type,
            label: t(`scenes.triggerTypes.${type}`),
          }))}
        />
      </Form.Item>

      {timed ? (
        <>
          <Form.Item
            label={t('fields.executionTimes')}
            name="executionTimes"
            required
            {...errorProps(errors, 'executionTimes')}
          >
            <ExecutionTimes />
          </Form.Item>
          <Form.Item
            label={t('fields.weekdays')}
            name="weekdays"
            required
            {...errorProps(errors, 'weekdays')}
          >
            <Checkbox.Group
              options={ALL_WEEKDAYS.map((d) => ({ value: d, label: t(`sceneWizard.weekdays.${d}`) }))}
            />
          </Form.Item>
        </>
      ) : null}

      {conditional ? (
        <section aria-labelledby="sb-scene-conditions">
          <Typography.Title level={2} id="sb-scene-conditions" className="sb-form-section">
            {t('fields.conditions')}
          </Typography.Title>
          <Form.List name="conditions">
            {(fields, { add, remove }) => (
              <Flex vertical gap="small">
                {fields.map((field) => {
                  const c = conditions[field.name] ?? {};
                  const source = weatherOnly ? 'weather' : c.source;
                  const range = c.operator === 'within' || c.operator === 'notWithin';
                  const place = (name: string) => `conditions.${field.name}.${name}`;
                  const n = field.name + 1;
                  return (
                    <fieldset key={field.key} className="sb-scene-condition sb-fieldset">
                      <legend>{t('sceneWizard.conditionN', { n })}</legend>
                      <Space wrap align="start">
                        <Form.Item
                          label={t('fields.source')}
                          name={[field.name, 'source']}
                          {...errorProps(errors, place('source'))}
                        >
                          <Select
                            style={{ minWidth: 140 }}
                            disabled={weatherOnly}
                            onChange={() =>
                              form.setFieldValue(['conditions', field.name, 'property'], undefined)
                            }
                            options={CONDITION_SOURCES.map((s) => ({
                              value: s,
                              label: t(`sceneWizard.sources.${s}`),
                            }))}
                          />
                        </Form.Item>
                        {source === 'device' ? (
                          <Form.Item
                            label={t('fields.deviceId')}
                            name={[field.name, 'deviceId']}
                            required
                            {...errorProps(errors, place('deviceId'))}
                          >
                            <Select
                              style={{ minWidth: 220 }}
                              showSearch={{ optionFilterProp: 'label' }}
                              loading={devices.isLoading}
                              placeholder={t('sceneWizard.chooseDevice')}
                              options={deviceOptions}
                            />
                          </Form.Item>
                        ) : null}
                        <Form.Item
                          label={t('fields.property')}
                          name={[field.name, 'property']}
                          required
                          {...errorProps(errors, place('property'))}
                        >
                          <Select
                            style={{ minWidth: 180 }}
                            placeholder={t('sceneWizard.choose')}
                            options={(source === 'weather' ? WEATHER_PROPERTIES : DEVICE_PROPERTIES).map(
                              (p) => ({
                                value: p,
                                label: t(`scenes.properties.${p}`),
                              }),
                            )}
                          />
                        </Form.Item>
                        <Form.Item
                          label={t('fields.operator')}
                          name={[field.name, 'operator']}
                          required
                          {...errorProps(errors, place('operator'))}
                        >
                          <Select
                            style={{ minWidth: 150 }}
                            options={CONDITION_OPERATORS.map((o) => ({
                              value: o,
                              label: t(`scenes.operators.${o}`),
                            }))}
                          />
                        </Form.Item>
                        {range ? (
                          <>
                            <Form.Item
                              label={t('sceneWizard.low')}
                              name={[field.name, 'low']}
                              required
                              {...errorProps(errors, place('low'))}
                            >
                              <InputNumber />
                            </Form.Item>
                            <Form.Item
                              label={t('sceneWizard.high')}
                              name={[field.name, 'high']}
                              required
                              {...errorProps(errors, place('high'))}
                            >
                              <InputNumber />
                            </Form.Item>
                          </>
                        ) : (
                          <Form.Item
                            label={t('fields.value')}
                            name={[field.name, 'value']}
                            required
                            {...errorProps(errors, place('value'))}
                          >
                            <InputNumber />
                          </Form.Item>
                        )}
                        <Button
                          className="sb-scene-remove"
                          onClick={() => remove(field.name)}
                          aria-label={t('sceneWizard.removeCondition', { n })}
                        >
                          {t('sceneWizard.remove')}
                        </Button>
                      </Space>
                    </fieldset>
                  );
                })}
                {errors.conditions ? (
                  <div role="alert" className="ant-form-item-explain-error">
                    {errors.conditions}
                  </div>
                ) : null}
                <div>
                  <Button
                    onClick={() =>
                      add({
                        source: weatherOnly ? 'weather' : 'device',
                        operator: 'greater',
                      } satisfies ConditionValues)
                    }
                  >
                    {t('sceneWizard.addCondition')}
                  </Button>
                </div>
              </Flex>
            )}
          </Form.List>
          <Form.Item label={t('fields.relationship')} name="relationship">
            <Radio.Group
              options={SCENE_RELATIONSHIPS.map((r) => ({
                value: r,
                label: t(`sceneWizard.relationships.${r}`),
              }))}
            />
          </Form.Item>
        </section>
      ) : null}

      {automatic ? (
        <section aria-labelledby="sb-scene-checks">
          <Typography.Title level={2} id="sb-scene-checks" className="sb-form-section">
            {t('sceneWizard.checks')}
          </Typography.Title>
          <Form.Item label={t('fields.auxiliaryCondition')} name="auxiliaryCondition">
            <Select
              style={{ maxWidth: 300 }}
              options={SCENE_AUX_CONDITIONS.map((a) => ({ value: a, label: t(`sceneWizard.aux.${a}`) }))}
            />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item
              label={`${t('fields.timeRange')}: ${t('fields.start')}`}
              name="timeRangeStart"
              {...errorProps(errors, 'timeRangeStart')}
            >
              <Input placeholder="HH:mm" maxLength={5} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              label={`${t('fields.timeRange')}: ${t('fields.end')}`}
              name="timeRangeEnd"
              {...errorProps(errors, 'timeRangeEnd')}
            >
              <Input placeholder="HH:mm" maxLength={5} style={{ width: 120 }} />
            </Form.Item>
          </Space>
          <Space wrap size="large">
            {LIMITS.map(([name, max, unit]) => (
              <Form.Item key={name} label={t(`fields.${name}`)} name={name} {...errorProps(errors, name)}>
                <InputNumber min={0} max={max} precision={0} suffix={unit || undefined} placeholder="0" />
              </Form.Item>
            ))}
          </Space>
          <Typography.Paragraph type="secondary">{t('sceneWizard.limitsHint')}</Typography.Paragraph>
        </section>
      ) : null}
    </>
  );
}
