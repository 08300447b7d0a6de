import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert as Notice,
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Flex,
  Popconfirm,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ENERGY_PERIODS,
  type EnergyPeriod,
  type MeterNodeCreateInput,
  type MeterTree,
  type MeterTreeNode,
} from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { NoProject } from '@/components/no-project';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { useProjectTime } from '@/lib/time';
import { useDeleteMeterNode, useMeterTree, useSaveMeterNode } from '../api/meters';
import { MeterNodeForm, type Editing } from '../components/meter-node-form';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

type Row = MeterTreeNode & { children?: Row[] };

/** The nodes as antd's tree rows (children under their parent; a node whose parent is gone at the top). */
function treeRows(nodes: readonly MeterTreeNode[]): Row[] {
  const rows = new Map<number, Row>(nodes.map((n) => [n.id, { ...n }]));
  const roots: Row[] = [];
  for (const row of rows.values()) {
    const parent = row.parentId === null ? undefined : rows.get(row.parentId);
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}

/** The nodes in tree order with their depth (the chart's rows). */
function flatten(rows: readonly Row[], depth = 0): { row: Row; depth: number }[] {
  return rows.flatMap((row) => [{ row, depth }, ...flatten(row.children ?? [], depth + 1)]);
}

function useFormat(currency: string) {
  const { i18n } = useTranslation();
  const money = (v: number) =>
    new Intl.NumberFormat(i18n.language, { style: 'currency', currency, minimumFractionDigits: 2 }).format(v);
  const num = (v: number, digits = 1) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);
  return { money, num };
}

/** What a node's consumption is: its channels, a formula of other meters, its children's sum. */
function SourceText({ node, tree }: { node: MeterTreeNode; tree: MeterTree }) {
  const { t } = useTranslation();
  const channelName = (id: number | null) => tree.channels.find((c) => c.deviceId === id)?.name ?? `#${id}`;
  const nodeName = (id: number | null) => tree.nodes.find((n) => n.id === id)?.name ?? `#${id}`;
  if (node.source === 'virtual') {
    const formula = node.terms
      .map((term, i) => {
        const name = term.nodeId !== null ? nodeName(term.nodeId) : channelName(term.deviceId);
        return `${i === 0 && term.sign === 1 ? '' : term.sign === 1 ? '+ ' : '− '}${name}`;
      })
      .join(' ');
    return (
      <Space size={4} wrap>
        <Tag color="purple">{t('energyBilling.meters.sources.virtual')}</Tag>
        <span style={{ display: 'inline-block', maxWidth: 360, whiteSpace: 'normal' }}>{formula}</span>
      </Space>
    );
  }
  if (node.source === 'channels')
    return (
      <Space size={4} wrap>
        <Tag color="blue">{t('energyBilling.meters.sources.channels')}</Tag>
        <span style={{ display: 'inline-block', maxWidth: 360, whiteSpace: 'normal' }}>
          {node.channels.map(channelName).join(', ')}
        </span>
      </Space>
    );
  return <Tag>{t(`energyBilling.meters.sources.${node.source}`)}</Tag>;
}

function TreeChart({ tree }: { tree: MeterTree }) {
  const { t } = useTranslation();
  const { num } = useFormat(tree.currency);
  const rows = flatten(treeRows(tree.nodes)).filter(({ row }) => row.kwh !== null);
  const label = (row: Row, depth: number) => `${'  '.repeat(depth)}${row.name}`;
  // Per node: what its sub-nodes account for and the remainder; a node without sub-nodes measured is one bar.
  const measured = rows.map(({ row }) => (row.remainder === null ? (row.kwh ?? 0) : row.childrenKwh));
  const remainder = rows.map(({ row }) => row.remainder ?? 0);
  const summary = rows
    .map(({ row }) =>
      row.remainder === null
        ? `${row.name} ${num(row.kwh ?? 0)} kWh`
        : t('energyBilling.meters.chartRow', {
            name: row.name,
            kwh: num(row.kwh ?? 0),
            remainder: num(row.remainder),
          }),
    )
    .join('; ');
  return (
    <EChart
      height={Math.max(200, rows.length * 32 + 80)}
      empty={rows.length === 0}
      label={t('energyBilling.meters.chartLabel', { items: summary })}
      option={{
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        legend: { top: 0 },
        grid: { left: 16, right: 32, top: 40, bottom: 16, containLabel: true },
        // On a phone the value axis has room for fewer labels than it makes: drop the ones that would overlap.
        xAxis: { type: 'value', name: 'kWh', axisLabel: { hideOverlap: true } },
        yAxis: {
          type: 'category',
          inverse: true,
          data: rows.map(({ row, depth }) => label(row, depth)),
          axisLabel: { align: 'left', margin: 120 },
        },
        series: [
          {
            name: t('energyBilling.meters.measured'),
            type: 'bar',
            stack: 'kwh',
            data: measured.map((v) => Math.round(v * 100) / 100),
            itemStyle: { color: '#1677ff' },
          },
          {
            name: t('energyBilling.meters.remainder'),
            type: 'bar',
            stack: 'kwh',
            itemStyle: { color: '#faad14' },
            data: remainder.map((v) => ({
              value: Math.round(v * 100) / 100,
              itemStyle: { color: v < 0 ? '#cf1322' : '#faad14' },
            })),
          },
        ],
      }}
    />
  );
}

/**
 * /energy/meters: the project's meter tree (buildings, floors, zones and tenant units; which channels
 * measure each, virtual meters, areas) with each node's kWh, kWh/m², cost, carbon and unmetered remainder
 * for a period, and a chart of the kWh per node beside its remainder. tbAdmin edits.
 */
export default function MetersPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projectId = useCurrentProject();
  const canEdit = useCan('projects:write');
  const times = useProjectTime();
  const [period, setPeriod] = useState<EnergyPeriod>('MONTH');
  const [anchor, setAnchor] = useState<Dayjs>(() => times.nowPicker());
  const tree = useMeterTree(
    projectId === null ? null : { projectId, period, anchor: anchor.format('YYYY-MM-DD') },
  );
  const save = useSaveMeterNode();
  const remove = useDeleteMeterNode();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const rows = useMemo(() => treeRows(tree.data?.nodes ?? []), [tree.data]);
  const currency = tree.data?.currency ?? 'CNY';
  const { money, num } = useFormat(currency);

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.energyMeters')}
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

  const open = (next: Editing) => {
    setSaveError(null);
    setEditing(next);
  };
  const onSave = (body: MeterNodeCreateInput & { id?: number }) => {
    setSaveError(null);
    save.mutate(body, {
      onSuccess: () => {
        setEditing(null);
        message.success(t('energyBilling.meters.saved'));
      },
      onError: (e) => setSaveError(errorText(e)),
    });
  };

  const data = tree.data;
  const columns: TableColumnsType<Row> = [
    {
      title: t('energyBilling.meters.node'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space size={4}>
          <span>{name}</span>
          <Tag>{t(`energyBilling.meters.kinds.${row.kind}`)}</Tag>
        </Space>
      ),
    },
    {
      title: t('energyBilling.meters.source'),
      key: 'source',
      render: (_, row) => data && <SourceText node={row} tree={data} />,
    },
    {
      title: t('fields.areaM2'),
      dataIndex: 'areaM2',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : num(v)),
    },
    {
      title: 'kWh',
      dataIndex: 'kwh',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : num(v)),
    },
    {
      title: t('energyBilling.meters.intensity'),
      dataIndex: 'kwhPerM2',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : num(v, 3)),
    },
    {
      title: t('energyBilling.bills.energyCost'),
      dataIndex: 'cost',
      align: 'right',
      render: (v: number | null) => (v === null || !data?.hasTariff ? '—' : money(v)),
    },
    {
      title: t('energyBilling.bills.carbon'),
      dataIndex: 'carbon',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : `${num(v)} kg`),
    },
    {
      title: t('energyBilling.meters.remainder'),
      dataIndex: 'remainder',
      align: 'right',
      render: (v: number | null, row) => {
        if (v === null) return '—';
        if (!row.remainderNegative) return num(v);
        return (
          <Tooltip title={t('energyBilling.meters.negativeHelp')}>
            <Typography.Text type="danger" data-testid="negative-remainder">
              <WarningOutlined aria-hidden /> {num(v)} ({t('energyBilling.meters.negative')})
            </Typography.Text>
          </Tooltip>
        );
      },
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('energyBilling.meters.actions'),
      key: 'op',
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => open({ node: row, parentId: row.parentId })}>
            {t('energyBilling.edit')}
          </Button>
          <Button type="link" onClick={() => open({ node: null, parentId: row.id })}>
            {t('energyBilling.meters.addChild')}
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

  let body: ReactNode;
  if (tree.isError) body = <Notice type="warning" showIcon title={tree.error.message} />;
  else if (!data) body = <Spin className="sb-page-spinner" />;
  else if (data.nodes.length === 0)
    body = (
      <Card>
        <Empty description={t('energyBilling.meters.empty')}>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => open({ node: null, parentId: null })}
            >
              {t('energyBilling.meters.add')}
            </Button>
          )}
        </Empty>
      </Card>
    );
  else
    body = (
      <>
        <Card
          title={t('energyBilling.meters.tree')}
          extra={
            canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => open({ node: null, parentId: null })}
              >
                {t('energyBilling.meters.add')}
              </Button>
            )
          }
        >
          <Typography.Paragraph type="secondary">
            {t('energyBilling.meters.intro', { from: data.current.from, to: data.current.to })}
          </Typography.Paragraph>
          <Table<Row>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            pagination={false}
            scroll={{ x: 'max-content' }}
            expandable={{ defaultExpandAllRows: true }}
          />
        </Card>
        <Card title={t('energyBilling.meters.chartTitle')}>
          <TreeChart tree={data} />
        </Card>
      </>
    );

  return (
    <Flex vertical gap="middle">
      <Flex justify="space-between" align="center" wrap gap="middle">
        {title}
        <Space wrap>
          <Select
            aria-label={t('energy.period')}
            value={period}
            style={{ width: 120 }}
            onChange={setPeriod}
            options={ENERGY_PERIODS.map((p) => ({ value: p, label: t(`energy.periods.${p}`) }))}
          />
          <DatePicker
            aria-label={t('energy.date')}
            value={anchor}
            allowClear={false}
            onChange={(d) => d && setAnchor(d)}
          />
        </Space>
      </Flex>
      {body}
      {editing && data && (
        <MeterNodeForm
          projectId={projectId}
          tree={data}
          editing={editing}
          saving={save.isPending}
          error={saveError}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
