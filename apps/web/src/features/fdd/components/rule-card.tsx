import { useEffect, useMemo } from 'react';
import { App, Button, Card, Flex, Form, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FDD_RULE_DEFAULTS,
  FDD_RULE_DELAY_MINUTES,
  fddRuleSaveBodySchema,
  type FddRule,
  type FddRuleSaveBody,
  type FddRuleSetting,
} from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { RequestError } from '@/lib/request';
import { useSaveFddRule } from '../api/rules';
import { bodySchema } from './body-rule';

/** The form holds each threshold flat, as `params.<key>`: the name of the body's issue for it. */
type Values = Record<string, unknown>;

const paramField = (key: string) => `params.${key}`;

/** The thresholds a rule has (some have none: their condition is the whole rule). */
function paramKeys(rule: FddRule): string[] {
  return Object.keys(FDD_RULE_DEFAULTS[rule]);
}

function toBody(rule: FddRule, values: Values, version: number): FddRuleSaveBody {
  const params = Object.fromEntries(
    paramKeys(rule).map((key) => {
      const value = values[paramField(key)];
      // Not a number (a blank input): NaN, which the schema refuses with its own message.
      return [key, typeof value === 'number' ? value : Number.NaN];
    }),
  );
  return {
    rule,
    enabled: values.enabled === true,
    params,
    // A rule never saved for the project has no version to send (the contract's 0).
    version: version > 0 ? version : undefined,
  };
}

function initialValues(setting: FddRuleSetting): Values {
  const defaults: Record<string, number> = FDD_RULE_DEFAULTS[setting.rule];
  return {
    enabled: setting.enabled,
    ...Object.fromEntries(
      paramKeys(setting.rule).map((key) => [paramField(key), setting.params[key] ?? defaults[key]]),
    ),
  };
}

/**
 * One rule: what it finds, its switch, its thresholds (checked by the shared save body's rules, so the
 * messages are the server's), how long its condition must hold before it raises a finding, and Save.
 * Saved at the version read: someone else's save meanwhile is said, and the card shows theirs.
 */
export function RuleCard({
  projectId,
  setting,
  canWrite,
}: {
  projectId: number;
  setting: FddRuleSetting;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveFddRule();
  const { rule, version } = setting;
  const name = t(`fdd.rules.${rule}.name`);
  const schema = useMemo(
    () => bodySchema(fddRuleSaveBodySchema, (values) => toBody(rule, values, version)),
    [rule, version],
  );
  useEffect(() => form.setFieldsValue(initialValues(setting)), [setting, form]);

  const onFinish = (values: Values) =>
    save.mutate(
      { projectId, body: toBody(rule, values, version) },
      {
        onSuccess: () => void message.success(t('fdd.ruleSaved', { rule: name })),
        onError: (error) =>
          void message.error(
            error instanceof RequestError && error.code === 409 ? t('fdd.ruleChanged') : error.message,
          ),
      },
    );

  return (
    <Card title={name} role="group" aria-label={name}>
      <Typography.Paragraph>{t(`fdd.rules.${rule}.explain`)}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name={`fdd-rule-${rule}`}
        initialValues={initialValues(setting)}
        disabled={!canWrite}
        onFinish={onFinish}
      >
        <Flex gap="middle" align="start" wrap>
          <Form.Item name="enabled" label={t('fdd.rulesTab.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {paramKeys(rule).map((key) => {
            const label = t(`fdd.params.${key}`);
            return (
              <Form.Item
                key={key}
                label={label}
                {...zodField(schema, paramField(key), label)}
                // Heating above cooling is checked on the heating field: a change of either checks it again.
                dependencies={paramKeys(rule)
                  .filter((k) => k !== key)
                  .map(paramField)}
              >
                <InputNumber style={{ width: 160 }} />
              </Form.Item>
            );
          })}
        </Flex>
        <Flex gap="middle" align="center" wrap>
          <Typography.Text type="secondary">
            {t('fdd.rulesTab.delay', { count: FDD_RULE_DELAY_MINUTES[rule] })}
          </Typography.Text>
          {canWrite && (
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              aria-label={t('fdd.rulesTab.saveRule', { rule: name })}
            >
              {t('common.save')}
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
