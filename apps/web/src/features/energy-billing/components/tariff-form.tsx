import { useState } from 'react';
import {
  Alert as Notice,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  TARIFF_KINDS,
  tariffCreateBodySchema,
  TOU_PERIODS,
  type Tariff,
  type TariffCreateInput,
  type TariffHours,
  type TouPeriod,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { validationMessage } from '@/lib/form-rules';
import { HoursList, Preview } from './tariff-hours';

/** The form's values: the body without the project, the date as a dayjs. */
export interface TariffFormValues extends Omit<TariffCreateInput, 'projectId' | 'validFrom'> {
  validFrom: Dayjs | null;
}

const h = (period: TouPeriod, from: number, to: number): TariffHours => ({ period, from, to });

/** A new plan starts from a typical five-period day, to be edited rather than built from nothing. */
export function newTariffValues(): TariffFormValues {
  return {
    name: '',
    validFrom: dayjs().startOf('month'),
    currency: 'CNY',
    kind: 'tou',
    flatPrice: null,
    tiers: [{ upToKwh: null, price: 0 }],
    prices: { sharp: 1.3, peak: 1.05, flat: 0.65, valley: 0.32, deepValley: 0.22 },
    seasons: [
      {
        name: '',
        months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
        workday: [
          h('deepValley', 0, 6),
          h('valley', 6, 8),
          h('peak', 8, 10),
          h('sharp', 10, 12),
          h('flat', 12, 17),
          h('peak', 17, 21),
          h('flat', 21, 22),
          h('valley', 22, 24),
        ],
        restDay: [],
      },
    ],
    demandChargePerKw: 0,
    fixedCharges: [],
  };
}

export function tariffValues(tariff: Tariff): TariffFormValues {
  return {
    name: tariff.name,
    validFrom: dayjs(tariff.validFrom),
    currency: tariff.currency,
    kind: tariff.kind,
    flatPrice: tariff.flatPrice,
    tiers: tariff.tiers.length > 0 ? tariff.tiers : [{ upToKwh: null, price: 0 }],
    prices: tariff.prices ?? newTariffValues().prices,
    seasons: tariff.seasons.length > 0 ? tariff.seasons : newTariffValues().seasons,
    demandChargePerKw: tariff.demandChargePerKw,
    fixedCharges: tariff.fixedCharges,
  };
}

/** The form's values as the call's body. */
export function tariffBody(projectId: number, values: TariffFormValues): TariffCreateInput {
  return { ...values, projectId, validFrom: values.validFrom?.format('YYYY-MM-DD') ?? '' };
}

export interface TariffFormProps {
  open: boolean;
  projectId: number;
  tariff: Tariff | null;
  saving: boolean;
  /** The server's refusal, shown above the form. */
  error: string | null;
  onSave: (body: TariffCreateInput & { id?: number }) => void;
  onCancel: () => void;
}

/**
 * Add or edit a tariff plan. The whole plan is checked with the shared schema before it is sent (the same
 * rules the server applies): each problem lands on its field, and the day-level ones (overlapping hours,
 * hours not covering the day, months not in one season) are listed above the form.
 */
export function TariffForm({ open, projectId, tariff, saving, error, onSave, onCancel }: TariffFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TariffFormValues>();
  const values = Form.useWatch([], form);
  const [problems, setProblems] = useState<string[]>([]);
  // The page mounts the form for each edit, so the initial values are read once per opening.
  const [initial] = useState(() => (tariff ? tariffValues(tariff) : newTariffValues()));

  const onFinish = (current: TariffFormValues) => {
    const body = tariffBody(projectId, current);
    const parsed = tariffCreateBodySchema.safeParse(body);
    if (!parsed.success) {
      const messages = parsed.error.issues.map((issue) => {
        const field = [...issue.path].reverse().find((p) => typeof p === 'string') ?? 'invalid';
        const where = issue.path
          .map((p) =>
            typeof p === 'number' ? `#${p + 1}` : t(`fields.${String(p)}`, { defaultValue: String(p) }),
          )
          .join(' › ');
        return `${where}: ${validationMessage(issue.message, String(field))}`;
      });
      setProblems(messages);
      return;
    }
    setProblems([]);
    onSave(tariff ? { ...body, id: tariff.id } : body);
  };

  const kind = values?.kind ?? 'tou';
  return (
    <FormModal
      form={form}
      open={open}
      width={880}
      confirmLoading={saving}
      onCancel={onCancel}
      title={tariff ? t('energyBilling.editTariff') : t('energyBilling.addTariff')}
      destroyOnHidden
    >
      <Flex vertical gap="small">
        {error && <Notice type="error" showIcon title={error} />}
        {problems.length > 0 && (
          <Notice
            type="error"
            showIcon
            title={t('energyBilling.fixProblems')}
            description={
              <ul>
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            }
          />
        )}
        <Form<TariffFormValues> form={form} layout="vertical" initialValues={initial} onFinish={onFinish}>
          <Space wrap size="large">
            <Form.Item label={t('fields.name')} name="name" required>
              <Input style={{ width: 240 }} maxLength={50} />
            </Form.Item>
            <Form.Item label={t('fields.validFrom')} name="validFrom" required>
              <DatePicker />
            </Form.Item>
            <Form.Item label={t('fields.currency')} name="currency">
              <Input style={{ width: 90 }} maxLength={3} />
            </Form.Item>
          </Space>
          <Form.Item label={t('energyBilling.kind')} name="kind">
            <Radio.Group
              optionType="button"
              options={TARIFF_KINDS.map((k) => ({ value: k, label: t(`energyBilling.kinds.${k}`) }))}
            />
          </Form.Item>
          {kind === 'flat' && (
            <Form.Item label={t('fields.flatPrice')} name="flatPrice" required>
              <InputNumber min={0} step={0.01} />
            </Form.Item>
          )}
          {kind === 'tiered' && (
            <Form.List name="tiers">
              {(fields, { add, remove }) => (
                <Flex vertical gap={4}>
                  <Typography.Text strong>{t('fields.tiers')}</Typography.Text>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline">
                      <Form.Item name={[field.name, 'upToKwh']} noStyle>
                        <InputNumber
                          min={0}
                          placeholder={t('energyBilling.openTier')}
                          aria-label={t('fields.upToKwh')}
                          addonAfter="kWh"
                        />
                      </Form.Item>
                      <Form.Item name={[field.name, 'price']} noStyle>
                        <InputNumber min={0} step={0.01} aria-label={t('fields.price')} />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('energyBilling.removeTier')}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => add({ upToKwh: null, price: 0 }, Math.max(0, fields.length - 1))}
                  >
                    {t('energyBilling.addTier')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          )}
          {kind === 'tou' && (
            <Flex vertical gap="middle">
              <Space wrap>
                {TOU_PERIODS.map((p) => (
                  <Form.Item key={p} label={t(`energyBilling.periods.${p}`)} name={['prices', p]}>
                    <InputNumber min={0} step={0.01} />
                  </Form.Item>
                ))}
              </Space>
              <Form.List name="seasons">
                {(fields, { add, remove }) => (
                  <Flex vertical gap="small">
                    {fields.map((field) => (
                      <Card
                        key={field.key}
                        size="small"
                        title={t('energyBilling.season', { n: field.name + 1 })}
                        extra={
                          <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)}>
                            {t('energyBilling.removeSeason')}
                          </Button>
                        }
                      >
                        <Space wrap>
                          <Form.Item label={t('energyBilling.seasonName')} name={[field.name, 'name']}>
                            <Input style={{ width: 200 }} maxLength={30} />
                          </Form.Item>
                          <Form.Item label={t('fields.months')} name={[field.name, 'months']}>
                            <Select
                              mode="multiple"
                              style={{ minWidth: 320 }}
                              options={Array.from({ length: 12 }, (_, i) => ({
                                value: i + 1,
                                label: dayjs().month(i).format('MMM'),
                              }))}
                            />
                          </Form.Item>
                        </Space>
                        <Flex gap="large" wrap>
                          <HoursList name={[field.name, 'workday']} label={t('fields.workday')} />
                          <HoursList name={[field.name, 'restDay']} label={t('energyBilling.restDayHint')} />
                        </Flex>
                      </Card>
                    ))}
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      style={{ alignSelf: 'flex-start' }}
                      onClick={() => add({ name: '', months: [], workday: [h('flat', 0, 24)], restDay: [] })}
                    >
                      {t('energyBilling.addSeason')}
                    </Button>
                  </Flex>
                )}
              </Form.List>
              <Preview values={values} />
            </Flex>
          )}
          <Space wrap size="large" style={{ marginTop: 16 }}>
            <Form.Item label={t('fields.demandChargePerKw')} name="demandChargePerKw">
              <InputNumber min={0} step={1} />
            </Form.Item>
          </Space>
          <Form.List name="fixedCharges">
            {(fields, { add, remove }) => (
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('fields.fixedCharges')}</Typography.Text>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'name']} noStyle>
                      <Input placeholder={t('fields.name')} aria-label={t('fields.name')} maxLength={40} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'amount']} noStyle>
                      <InputNumber min={0} aria-label={t('fields.amount')} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('energyBilling.removeCharge')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => add({ name: '', amount: 0 })}
                >
                  {t('energyBilling.addCharge')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Form>
      </Flex>
    </FormModal>
  );
}
