import { useState } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  InputNumber,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { EmissionFactor, Tariff, TariffCreateInput } from '@sbuilding/shared';
import { NoProject } from '@/components/no-project';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import {
  useDeleteFactor,
  useDeleteTariff,
  useFactors,
  useSaveFactor,
  useSaveTariff,
  useTariffDay,
  useTariffs,
} from '../api/tariffs';
import { PeriodStrip } from '../components/period-strip';
import { TariffForm } from '../components/tariff-form';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The periods of a chosen day under the plan in force, as the project's calendar makes it. */
function DayPreview({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  // Today is the project's today.
  const [date, setDate] = useState<Dayjs>(times.nowPicker);
  const day = useTariffDay(projectId, date.format('YYYY-MM-DD'));
  const data = day.data;
  let verdict = '';
  if (data) {
    if (data.holidayName) verdict = t('energyBilling.holiday', { name: data.holidayName });
    else verdict = data.workday ? t('energyBilling.workday') : t('energyBilling.restDay');
  }
  return (
    <Card
      title={t('energyBilling.dayPreview')}
      extra={
        <DatePicker
          aria-label={t('energyBilling.previewDate')}
          value={date}
          allowClear={false}
          onChange={(d) => d && setDate(d)}
        />
      }
    >
      <Flex vertical gap="small">
        <Space wrap>
          {data?.tariff ? (
            <Typography.Text>{t('energyBilling.planInForce', { name: data.tariff.name })}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('energyBilling.noTariff')}</Typography.Text>
          )}
          {verdict && <Tag>{verdict}</Tag>}
        </Space>
        <PeriodStrip
          hours={data?.hours ?? []}
          prices={data?.prices ?? []}
          currency={data?.tariff?.currency ?? 'CNY'}
        />
      </Flex>
    </Card>
  );
}

function FactorsCard({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { message } = App.useApp();
  const factors = useFactors(projectId);
  const save = useSaveFactor();
  const remove = useDeleteFactor();
  const [from, setFrom] = useState<Dayjs | null>(() => times.nowPicker().startOf('year'));
  const [value, setValue] = useState<number | null>(null);
  const columns: TableColumnsType<EmissionFactor> = [
    { title: t('fields.validFrom'), dataIndex: 'validFrom' },
    { title: t('fields.kgPerKwh'), dataIndex: 'kgPerKwh', align: 'right' },
  ];
  if (canEdit) {
    columns.push({
      title: t('common.operation', { defaultValue: '' }),
      key: 'op',
      render: (_, row) => (
        <Popconfirm
          title={t('energyBilling.deleteFactorConfirm', { date: row.validFrom })}
          onConfirm={() => remove.mutate(row.id)}
        >
          <Button type="link" danger>
            {t('energyBilling.delete')}
          </Button>
        </Popconfirm>
      ),
    });
  }
  const onAdd = () => {
    if (!from || value === null) return;
    save.mutate(
      { projectId, validFrom: from.format('YYYY-MM-DD'), kgPerKwh: value },
      { onError: (e) => message.error(errorText(e)) },
    );
  };
  return (
    <Card title={t('energyBilling.factors')}>
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('energyBilling.factorsIntro')}</Typography.Text>
        {canEdit && (
          <Space wrap>
            <DatePicker aria-label={t('fields.validFrom')} value={from} onChange={setFrom} />
            <InputNumber
              aria-label={t('fields.kgPerKwh')}
              placeholder="0.5366"
              min={0}
              max={2}
              step={0.0001}
              value={value}
              onChange={setValue}
              addonAfter="kgCO2e/kWh"
            />
            <Button onClick={onAdd} loading={save.isPending} disabled={!from || value === null}>
              {t('energyBilling.setFactor')}
            </Button>
          </Space>
        )}
        <Table<EmissionFactor>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={factors.data ?? []}
          loading={factors.isLoading}
          pagination={false}
        />
      </Flex>
    </Card>
  );
}

/**
 * /energy/tariff: the project's dated tariff plans (flat, tiered, five-period time-of-use by season and
 * calendar day) with a 24-hour preview of a chosen day, and its grid emission factors. tbAdmin edits.
 */
export default function TariffPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useCurrentProject();
  const canEdit = useCan('projects:write');
  const tariffs = useTariffs(projectId);
  const save = useSaveTariff();
  const remove = useDeleteTariff();
  const [editing, setEditing] = useState<{ tariff: Tariff | null } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.energyTariff')}
    </Typography.Title>
  );
  if (projectId === null) {
    return (
      <Flex vertical gap="middle">
        {title}
        <NoProject />
      </Flex>
    );
  }

  const onSave = (body: TariffCreateInput & { id?: number }) => {
    setSaveError(null);
    save.mutate(body, {
      onSuccess: () => {
        setEditing(null);
        message.success(t('energyBilling.saved'));
      },
      onError: (e) => setSaveError(errorText(e)),
    });
  };

  const columns: TableColumnsType<Tariff> = [
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.validFrom'), dataIndex: 'validFrom' },
    {
      title: t('energyBilling.kind'),
      dataIndex: 'kind',
      render: (k: Tariff['kind']) => t(`energyBilling.kinds.${k}`),
    },
    { title: t('fields.currency'), dataIndex: 'currency' },
    { title: t('fields.demandChargePerKw'), dataIndex: 'demandChargePerKw', align: 'right' },
    {
      title: t('fields.fixedCharges'),
      dataIndex: 'fixedCharges',
      render: (charges: Tariff['fixedCharges']) => charges.map((c) => `${c.name} ${c.amount}`).join(', '),
    },
  ];
  if (canEdit) {
    columns.push({
      title: '',
      key: 'op',
      render: (_, row) => (
        <Space>
          <Button type="link" onClick={() => (setSaveError(null), setEditing({ tariff: row }))}>
            {t('energyBilling.edit')}
          </Button>
          <Popconfirm
            title={t('energyBilling.deleteConfirm', { name: row.name })}
            onConfirm={() => remove.mutate(row.id, { onError: (e) => message.error(errorText(e)) })}
          >
            <Button type="link" danger>
              {t('energyBilling.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap="middle">
      {title}
      <DayPreview projectId={projectId} />
      <Card
        title={t('energyBilling.tariffs')}
        extra={
          canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => (setSaveError(null), setEditing({ tariff: null }))}
            >
              {t('energyBilling.addTariff')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('energyBilling.tariffsIntro')}</Typography.Paragraph>
        <Table<Tariff>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={tariffs.data ?? []}
          loading={tariffs.isLoading}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Card>
      <FactorsCard projectId={projectId} canEdit={canEdit} />
      {editing !== null && (
        <TariffForm
          open
          projectId={projectId}
          tariff={editing?.tariff ?? null}
          saving={save.isPending}
          error={saveError}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
