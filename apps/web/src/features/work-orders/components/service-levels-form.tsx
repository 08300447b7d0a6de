import { useEffect } from 'react';
import { App, Button, Checkbox, Flex, Form, InputNumber, Select, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALERT_LEVELS,
  ALERT_TYPES,
  SLA_UNITS,
  serviceLevelSchema,
  WORK_ORDER_PRIORITIES,
  type AutoFromAlerts,
  type ServiceLevels,
} from '@sbuilding/shared';
import { zodRule } from '@/lib/form-rules';
import { RequestError } from '@/lib/request';
import { useSaveWorkOrderSettings, useWorkOrderSettings } from '../api/work-order-admin';

interface Values {
  serviceLevels: ServiceLevels;
  autoFromAlerts: AutoFromAlerts;
}

/**
 * The project's service levels (by when each priority must be resolved, counted around the clock or on the
 * work calendar) and its rule for work orders made by alerts themselves. Saved at the version read: someone
 * else's save meanwhile is said, and the form shows theirs.
 */
export function ServiceLevelsForm({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const settings = useWorkOrderSettings(projectId, true);
  const save = useSaveWorkOrderSettings();
  const enabled = Form.useWatch(['autoFromAlerts', 'enabled'], form);
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  if (!settings.data) return <Skeleton active />;
  const version = settings.data.version;

  const onFinish = (values: Values) =>
    save.mutate(
      { projectId, ...values, version },
      {
        onSuccess: () => message.success(t('common.savedOk')),
        onError: (error) => {
          const stale = error instanceof RequestError && error.code === 409;
          message.error(stale ? t('workOrders.settings.changed') : error.message);
          if (stale) void settings.refetch();
        },
      },
    );

  return (
    <Form<Values> form={form} layout="vertical" name="work-order-settings" onFinish={onFinish}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('workOrders.settings.serviceLevels')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('workOrders.settings.serviceLevelsHint')}
      </Typography.Paragraph>
      {WORK_ORDER_PRIORITIES.map((priority) => {
        const label = t(`workOrders.priorities.${priority}`);
        return (
          <Flex key={priority} gap="small" align="start" wrap role="group" aria-label={label}>
            <Form.Item
              name={['serviceLevels', priority, 'amount']}
              label={t('workOrders.settings.amountOf', { priority: label })}
              rules={[zodRule(serviceLevelSchema, 'amount', t('workOrders.settings.amount'))]}
              required
            >
              <InputNumber min={1} max={1000} precision={0} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item
              name={['serviceLevels', priority, 'unit']}
              label={t('workOrders.settings.unitOf', { priority: label })}
              required
            >
              <Select
                style={{ width: 180 }}
                options={SLA_UNITS.map((unit) => ({
                  value: unit,
                  label: t(`workOrders.settings.units.${unit}`),
                }))}
              />
            </Form.Item>
          </Flex>
        );
      })}
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('workOrders.settings.fromAlerts')}
      </Typography.Title>
      <Form.Item
        name={['autoFromAlerts', 'enabled']}
        label={t('workOrders.settings.autoEnabled')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name={['autoFromAlerts', 'levels']} label={t('workOrders.settings.autoLevels')}>
        <Checkbox.Group
          disabled={!enabled}
          options={ALERT_LEVELS.map((level) => ({ value: level, label: t(`alarm.levels.${level}`) }))}
        />
      </Form.Item>
      <Form.Item name={['autoFromAlerts', 'types']} label={t('workOrders.settings.autoTypes')}>
        <Checkbox.Group
          disabled={!enabled}
          options={ALERT_TYPES.map((type) => ({ value: type, label: t(`alarm.types.${type}`) }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
