import { useState } from 'react';
import { Button, Card, Flex, Form, InputNumber, Segmented, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { hoursOfDay, TOU_PERIODS } from '@sbuilding/shared';
import { PeriodStrip } from './period-strip';
import type { TariffFormValues } from './tariff-form';

/* The time-of-use parts of the tariff form: a season's hour ranges, and the 24-hour preview of a month. */

export function HoursList({ name, label }: { name: (string | number)[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          <Typography.Text strong>{label}</Typography.Text>
          {fields.map((field) => (
            <Space key={field.key} align="baseline" wrap>
              <Form.Item name={[field.name, 'period']} noStyle>
                <Select
                  style={{ width: 130 }}
                  aria-label={t('energyBilling.period')}
                  options={TOU_PERIODS.map((p) => ({ value: p, label: t(`energyBilling.periods.${p}`) }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'from']} noStyle>
                <InputNumber min={0} max={23} aria-label={t('energyBilling.from')} addonAfter=":00" />
              </Form.Item>
              <span>–</span>
              <Form.Item name={[field.name, 'to']} noStyle>
                <InputNumber min={1} max={24} aria-label={t('energyBilling.to')} addonAfter=":00" />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('energyBilling.removeHours')}
                onClick={() => remove(field.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ period: 'flat', from: 0, to: 1 })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('energyBilling.addHours')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** The live preview of the plan being edited: one month, a working or a rest day. */
export function Preview({ values }: { values: TariffFormValues | undefined }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(7);
  const [workday, setWorkday] = useState(true);
  if (!values || values.kind !== 'tou') return null;
  const seasons = (values.seasons ?? []).map((s) => ({
    ...s,
    name: s.name ?? '',
    months: s.months ?? [],
    workday: (s.workday ?? []).filter(Boolean),
    restDay: (s.restDay ?? []).filter(Boolean),
  }));
  const hours = hoursOfDay({ kind: 'tou', seasons }, month, workday);
  const prices = hours.map((p) => values.prices?.[p] ?? 0);
  return (
    <Card size="small" title={t('energyBilling.preview')}>
      <Space wrap>
        <Select
          aria-label={t('energyBilling.previewMonth')}
          value={month}
          onChange={setMonth}
          style={{ width: 120 }}
          options={Array.from({ length: 12 }, (_, i) => ({
            value: i + 1,
            label: dayjs().month(i).format('MMM'),
          }))}
        />
        <Segmented
          value={workday ? 'work' : 'rest'}
          onChange={(v) => setWorkday(v === 'work')}
          options={[
            { value: 'work', label: t('energyBilling.workday') },
            { value: 'rest', label: t('energyBilling.restDay') },
          ]}
        />
      </Space>
      <PeriodStrip hours={hours} prices={prices} currency={values.currency ?? 'CNY'} height={160} />
    </Card>
  );
}
