import { Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AreaSource, DemandPeakFigure, PortfolioBuilding, PortfolioProject } from '@sbuilding/shared';
import { formatCarbon, formatMoney, formatNumber } from './format';

/** A row: a project (with its buildings as children) or a building. */
interface Row {
  key: string;
  name: string;
  currency: string;
  kwh: number;
  previousKwh: number;
  changePercent: number | null;
  area: number | null;
  /** Where the area comes from (a project's: its buildings' sum). */
  areaSource: AreaSource | 'buildings' | null;
  kwhPerM2: number | null;
  previousKwhPerM2: number | null;
  cost: number;
  previousCost: number;
  carbon: number;
  previousCarbon: number;
  peak: DemandPeakFigure | null;
  children?: Row[];
}

function rowOf(key: string, name: string, currency: string, f: PortfolioProject | PortfolioBuilding): Row {
  return {
    key,
    name,
    currency,
    kwh: f.kwh,
    previousKwh: f.previousKwh,
    changePercent: f.changePercent,
    area: f.area,
    areaSource: 'areaSource' in f ? f.areaSource : f.area === null ? null : 'buildings',
    kwhPerM2: f.kwhPerM2,
    previousKwhPerM2: f.previousKwhPerM2,
    cost: f.cost,
    previousCost: f.previousCost,
    carbon: f.carbon,
    previousCarbon: f.previousCarbon,
    peak: f.peak,
  };
}

/** Nulls (area unknown, no readings) rank below every figure, whichever way the column is sorted. */
const byNumber = (pick: (r: Row) => number | null) => (a: Row, b: Row) =>
  (pick(a) ?? Number.NEGATIVE_INFINITY) - (pick(b) ?? Number.NEGATIVE_INFINITY);

/**
 * One tenant's projects, each with its buildings: kWh, change, area, kWh/m², cost, carbon and peak demand,
 * this period beside the previous one; every figure column sorts (the projects, and the buildings within
 * each). Change is said in words as well as a sign (colour is never the only sign).
 */
export function PortfolioTable({ title, projects }: { title: string; projects: PortfolioProject[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = projects.map((p) => ({
    ...rowOf(`p${p.projectId}`, p.projectName, p.currency, p),
    children: p.buildings.map((b) => rowOf(`b${b.buildingId}`, b.name, p.currency, b)),
  }));
  const previous = (text: string) => (
    <Typography.Text type="secondary">{t('portfolio.previousValue', { value: text })}</Typography.Text>
  );
  const columns: TableColumnsType<Row> = [
    { title: t('portfolio.columns.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('portfolio.columns.kwh'),
      key: 'kwh',
      align: 'right',
      sorter: byNumber((r) => r.kwh),
      render: (_, r) => (
        <Flex vertical>
          <span>{formatNumber(r.kwh, lang)}</span>
          {previous(formatNumber(r.previousKwh, lang))}
        </Flex>
      ),
    },
    {
      title: t('portfolio.columns.change'),
      key: 'change',
      align: 'right',
      sorter: byNumber((r) => r.changePercent),
      render: (_, r) => {
        if (r.changePercent === null) return t('portfolio.changeNone');
        if (r.changePercent > 0) return t('portfolio.changeUp', { value: r.changePercent });
        if (r.changePercent < 0) return t('portfolio.changeDown', { value: Math.abs(r.changePercent) });
        return t('portfolio.changeSame');
      },
    },
    {
      title: t('portfolio.columns.area'),
      key: 'area',
      align: 'right',
      sorter: byNumber((r) => r.area),
      render: (_, r) =>
        r.area === null ? (
          <Typography.Text type="secondary">{t('portfolio.areaUnknown')}</Typography.Text>
        ) : (
          <Flex vertical>
            <span>{formatNumber(r.area, lang)}</span>
            {r.areaSource && (
              <Typography.Text type="secondary">{t(`portfolio.areaSource.${r.areaSource}`)}</Typography.Text>
            )}
          </Flex>
        ),
    },
    {
      title: t('portfolio.columns.kwhPerM2'),
      key: 'kwhPerM2',
      align: 'right',
      sorter: byNumber((r) => r.kwhPerM2),
      defaultSortOrder: 'descend',
      render: (_, r) =>
        r.kwhPerM2 === null ? (
          '—'
        ) : (
          <Flex vertical>
            <span>{formatNumber(r.kwhPerM2, lang, 3)}</span>
            {r.previousKwhPerM2 !== null && previous(formatNumber(r.previousKwhPerM2, lang, 3))}
          </Flex>
        ),
    },
    {
      title: t('portfolio.columns.cost'),
      key: 'cost',
      align: 'right',
      sorter: byNumber((r) => r.cost),
      render: (_, r) => (
        <Flex vertical>
          <span>{formatMoney(r.cost, r.currency, lang)}</span>
          {previous(formatMoney(r.previousCost, r.currency, lang))}
        </Flex>
      ),
    },
    {
      title: t('portfolio.columns.carbon'),
      key: 'carbon',
      align: 'right',
      sorter: byNumber((r) => r.carbon),
      render: (_, r) => (
        <Flex vertical>
          <span>{formatCarbon(r.carbon, lang)}</span>
          {previous(formatCarbon(r.previousCarbon, lang))}
        </Flex>
      ),
    },
    {
      title: t('portfolio.columns.peak'),
      key: 'peak',
      align: 'right',
      sorter: byNumber((r) => r.peak?.kw ?? null),
      render: (_, r) =>
        r.peak ? (
          <Flex vertical>
            <span>{`${formatNumber(r.peak.kw, lang, 2)} kW`}</span>
            <Typography.Text type="secondary">{r.peak.at}</Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('portfolio.noPeak')}</Typography.Text>
        ),
    },
  ];
  return (
    <Card title={title}>
      <Table<Row>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ defaultExpandAllRows: true }}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('portfolio.areaRule')}
      </Typography.Paragraph>
    </Card>
  );
}
