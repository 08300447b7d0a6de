import { useState, type ReactNode } from 'react';
import {
  Alert as Notice,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { FilePdfOutlined, FileExcelOutlined, FileZipOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import {
  BILL_LEVELS,
  type Bill,
  type BillLevel,
  type BillQueryInput,
  type TouPeriod,
} from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { NoProject } from '@/components/no-project';
import { useCurrentProject } from '@/lib/current-project';
import { useBill, useBillNodes, useDownloadBill } from '../api/bills';
import { AllBillsModal } from '../components/all-bills-modal';
import { PERIOD_COLORS } from '../components/period-colors';

function useFormat(currency: string) {
  const { i18n } = useTranslation();
  const money = (v: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency, minimumFractionDigits: 2 }).format(v);
  const num = (v: number, digits = 1) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);
  return { money, num };
}

export function BillView({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const { money, num } = useFormat(bill.currency);
  const name = (p: TouPeriod) => t(`energyBilling.periods.${p}`);
  const fixed = bill.fixedCharges.reduce((s, c) => s + c.amount, 0);
  const used = bill.periods.filter((p) => p.kwh !== 0);
  return (
    <Flex vertical gap="middle">
      <Card>
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'place', label: t(`energyBilling.bills.levels.${bill.level}`), children: bill.nodeName },
            { key: 'month', label: t('energyBilling.bills.month'), children: bill.month },
            {
              key: 'tariff',
              label: t('energyBilling.bills.tariff'),
              children: bill.tariffNames.join(', ') || '—',
            },
            { key: 'kwh', label: t('energyBilling.bills.consumption'), children: `${num(bill.kwh)} kWh` },
            { key: 'energy', label: t('energyBilling.bills.energyCost'), children: money(bill.energyCost) },
            {
              key: 'demand',
              label: t('energyBilling.bills.demandCharge'),
              children: (
                <Flex vertical>
                  <span>{money(bill.demandCharge)}</span>
                  <Typography.Text type="secondary">
                    {bill.peakAt
                      ? t('energyBilling.bills.peak', { kw: num(bill.peakKw, 2), at: bill.peakAt })
                      : t('energyBilling.bills.peakNone')}
                  </Typography.Text>
                  {bill.peakAt && (
                    <Typography.Text type="secondary">
                      {t(`energyBilling.bills.peakBasis.${bill.peakBasis}`)}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              key: 'fixed',
              label: t('energyBilling.bills.fixedCharges'),
              children: bill.fixedCharges.map((c) => `${c.name} ${money(c.amount)}`).join(', ') || money(0),
            },
            {
              key: 'total',
              label: t('energyBilling.bills.total'),
              children: (
                <Typography.Text strong data-testid="bill-total">
                  {money(bill.energyCost + bill.demandCharge + fixed)}
                </Typography.Text>
              ),
            },
            { key: 'carbon', label: t('energyBilling.bills.carbon'), children: `${num(bill.carbon)} kgCO2e` },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('energyBilling.byPeriod')}>
            <EChart
              height={240}
              empty={used.length === 0}
              label={t('energyBilling.byPeriodSummary', {
                items: used.map((p) => `${name(p.period)} ${num(p.kwh)} kWh ${money(p.cost)}`).join('; '),
              })}
              option={{
                tooltip: { trigger: 'item' },
                grid: { left: 16, right: 16, top: 32, bottom: 24, containLabel: true },
                xAxis: { type: 'category', data: used.map((p) => name(p.period)) },
                yAxis: { type: 'value', name: bill.currency },
                series: [
                  {
                    type: 'bar',
                    data: used.map((p) => ({
                      value: Math.round(p.cost * 100) / 100,
                      itemStyle: { color: PERIOD_COLORS[p.period] },
                    })),
                  },
                ],
              }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('energyBilling.bills.consumption')}>
            <Table
              size="small"
              rowKey="period"
              pagination={false}
              dataSource={bill.periods}
              columns={[
                {
                  title: t('energyBilling.bills.period'),
                  dataIndex: 'period',
                  render: (p: TouPeriod) => name(p),
                },
                { title: 'kWh', dataIndex: 'kwh', align: 'right', render: (v: number) => num(v) },
                { title: t('energyBilling.bills.price'), dataIndex: 'cost', align: 'right', render: money },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('energyBilling.bills.meters')}>
        <Table
          size="small"
          rowKey="deviceId"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={bill.meters}
          columns={[
            { title: t('energyBilling.bills.meter'), dataIndex: 'code' },
            { title: t('energyBilling.bills.channel'), dataIndex: 'channel' },
            { title: t('energyBilling.bills.name'), dataIndex: 'name' },
            {
              title: t('energyBilling.bills.startReading'),
              dataIndex: 'startReading',
              align: 'right',
              render: (v: number | null) => (v === null ? '—' : num(v, 3)),
            },
            {
              title: t('energyBilling.bills.endReading'),
              dataIndex: 'endReading',
              align: 'right',
              render: (v: number | null) => (v === null ? '—' : num(v, 3)),
            },
            { title: 'kWh', dataIndex: 'kwh', align: 'right', render: (v: number) => num(v, 3) },
            {
              title: t('energyBilling.bills.meterPeak'),
              dataIndex: 'peakKw',
              align: 'right',
              render: (v: number, m: Bill['meters'][number]) =>
                m.peakAt === null
                  ? '—'
                  : t('energyBilling.bills.meterPeakAt', { kw: num(v, 2), at: m.peakAt }),
            },
          ]}
        />
      </Card>
      <Card title={t('energyBilling.bills.gaps')}>
        {bill.gapCount === 0 ? (
          <Typography.Text>{t('energyBilling.bills.noGaps')}</Typography.Text>
        ) : (
          <Flex vertical gap="small">
            <Typography.Text type="secondary">{t('energyBilling.bills.gapRule')}</Typography.Text>
            {bill.gapCount > bill.gaps.length && (
              <Typography.Text type="secondary">
                {t('energyBilling.bills.gapMore', { n: bill.gapCount, m: bill.gaps.length })}
              </Typography.Text>
            )}
            <ul>
              {bill.gaps.map((g) => (
                <li key={`${g.deviceId}-${g.from}`}>{`${g.name}: ${g.from} – ${g.to}`}</li>
              ))}
            </ul>
          </Flex>
        )}
      </Card>
    </Flex>
  );
}

/**
 * /energy/bills: a month's bill of a building, floor or zone of the current project, on screen and as
 * .xlsx or PDF in the console's language; every bill of the month at once as one zip (`AllBillsModal`).
 */
export default function BillsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useCurrentProject();
  const times = useProjectTime();
  const nodes = useBillNodes(projectId);
  const [level, setLevel] = useState<BillLevel>('building');
  const [nodeId, setNodeId] = useState<number | null>(null);
  const [month, setMonth] = useState<Dayjs>(() => times.nowPicker().subtract(1, 'month'));
  const options = (nodes.data ?? []).filter((n) => n.level === level);
  const chosen = nodeId ?? options[0]?.id ?? null;
  const query: BillQueryInput | null =
    projectId === null || chosen === null
      ? null
      : { projectId, level, nodeId: chosen, month: month.format('YYYY-MM') };
  const bill = useBill(query);
  const download = useDownloadBill();
  const [allOpen, setAllOpen] = useState(false);

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.energyBills')}
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
  const onDownload = (format: 'xlsx' | 'pdf') =>
    query &&
    download.mutate(
      { query, format, nodes: nodes.data ?? [] },
      { onError: (e) => message.error(e instanceof Error ? e.message : t('energyBilling.bills.failed')) },
    );

  let body: ReactNode;
  if (query === null)
    body = <Empty description={nodes.isLoading ? undefined : t('energyBilling.bills.choose')} />;
  else if (bill.isError) body = <Notice type="warning" showIcon title={bill.error.message} />;
  else if (!bill.data) body = <Spin className="sb-page-spinner" />;
  else body = <BillView bill={bill.data} />;

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        {title}
        <Space wrap>
          <Select
            aria-label={t('energyBilling.bills.level')}
            value={level}
            style={{ width: 120 }}
            onChange={(v) => (setLevel(v), setNodeId(null))}
            options={BILL_LEVELS.map((l) => ({ value: l, label: t(`energyBilling.bills.levels.${l}`) }))}
          />
          <Select
            aria-label={t('energyBilling.bills.node')}
            value={chosen}
            style={{ width: 200 }}
            onChange={setNodeId}
            options={options.map((n) => ({ value: n.id, label: n.name }))}
            showSearch
            optionFilterProp="label"
          />
          <DatePicker
            picker="month"
            aria-label={t('energyBilling.bills.month')}
            value={month}
            allowClear={false}
            onChange={(m) => m && setMonth(m)}
          />
          <Button
            icon={<FileExcelOutlined />}
            disabled={!bill.data}
            loading={download.isPending}
            onClick={() => onDownload('xlsx')}
          >
            {t('energyBilling.bills.xlsx')}
          </Button>
          <Button
            icon={<FilePdfOutlined />}
            disabled={!bill.data}
            loading={download.isPending}
            onClick={() => onDownload('pdf')}
          >
            {t('energyBilling.bills.pdf')}
          </Button>
          <Button icon={<FileZipOutlined />} disabled={!nodes.data?.length} onClick={() => setAllOpen(true)}>
            {t('energyBilling.allBills.button')}
          </Button>
        </Space>
      </Flex>
      {body}
      <AllBillsModal
        open={allOpen}
        onClose={() => setAllOpen(false)}
        projectId={projectId}
        month={month.format('YYYY-MM')}
        nodes={nodes.data ?? []}
      />
    </Flex>
  );
}
