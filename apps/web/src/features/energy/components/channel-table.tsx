import type { ReactNode } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyBoard, EnergyBoardCost } from '@sbuilding/shared';
import { formatKwh } from './format';

interface Row {
  key: number;
  building: string;
  floor: string;
  meter: string;
  channel: number | null;
  name: string;
  energy: number;
  previous: number;
  changePercent: number | null;
  cost: number | null;
  carbon: number | null;
}

const byText = (a: string, b: string) => a.localeCompare(b);
const byNumber = (a: number | null, b: number | null) => (a ?? -Infinity) - (b ?? -Infinity);

/** Every ammeter channel with its meter and place, sortable by any column; the table the export writes. */
export function ChannelTable({
  board,
  cost,
  extra,
}: {
  board: EnergyBoard;
  cost?: EnergyBoardCost | undefined;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const priced = new Map(cost?.channels.map((c) => [c.deviceId, c]));
  const rows: Row[] = board.meters.flatMap((m) =>
    m.channels.map((c) => ({
      key: c.deviceId,
      building: m.buildingName,
      floor: m.floorName || t('energy.noFloor'),
      meter: m.code,
      channel: c.channel,
      name: c.name,
      energy: c.energy,
      previous: c.previous,
      changePercent: c.changePercent,
      cost: priced.get(c.deviceId)?.cost ?? null,
      carbon: priced.get(c.deviceId)?.carbon ?? null,
    })),
  );
  const kwh = (v: number) => formatKwh(v, i18n.language);
  const columns: TableColumnsType<Row> = [
    { title: t('energy.building'), dataIndex: 'building', sorter: (a, b) => byText(a.building, b.building) },
    { title: t('energy.floor'), dataIndex: 'floor', sorter: (a, b) => byText(a.floor, b.floor) },
    { title: t('energy.meter'), dataIndex: 'meter', sorter: (a, b) => byText(a.meter, b.meter) },
    { title: t('energy.channel'), dataIndex: 'channel', sorter: (a, b) => byNumber(a.channel, b.channel) },
    { title: t('energy.name'), dataIndex: 'name', sorter: (a, b) => byText(a.name, b.name) },
    {
      title: t('energy.thisPeriodKwh'),
      dataIndex: 'energy',
      align: 'right',
      defaultSortOrder: 'descend',
      sorter: (a, b) => a.energy - b.energy,
      render: kwh,
    },
    {
      title: t('energy.previousPeriodKwh'),
      dataIndex: 'previous',
      align: 'right',
      sorter: (a, b) => a.previous - b.previous,
      render: kwh,
    },
    {
      title: t('energy.changePercent'),
      dataIndex: 'changePercent',
      align: 'right',
      sorter: (a, b) => byNumber(a.changePercent, b.changePercent),
      render: (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${v}%`),
    },
  ];
  const money = (v: number | null) =>
    v === null
      ? '—'
      : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          v,
        );
  if (cost) {
    columns.push(
      {
        title: t('energyBilling.costColumn', { currency: cost.currency }),
        dataIndex: 'cost',
        align: 'right',
        sorter: (a, b) => byNumber(a.cost, b.cost),
        render: money,
      },
      {
        title: t('energyBilling.carbonColumn'),
        dataIndex: 'carbon',
        align: 'right',
        sorter: (a, b) => byNumber(a.carbon, b.carbon),
        render: (v: number | null) => (v === null ? '—' : formatKwh(v, i18n.language)),
      },
    );
  }
  return (
    <Card title={t('energy.channels')} extra={extra}>
      <Table<Row>
        size="small"
        rowKey="key"
        aria-label={t('energy.tableCaption')}
        caption={<span className="sb-visually-hidden">{t('energy.tableCaption')}</span>}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('boards.noData') }}
        summary={() =>
          rows.length === 0 ? null : (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={5}>
                {t('energy.total')}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {kwh(board.energy)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {kwh(board.previous)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={7} align="right">
                {board.changePercent === null
                  ? '—'
                  : `${board.changePercent > 0 ? '+' : ''}${board.changePercent}%`}
              </Table.Summary.Cell>
              {cost && (
                <>
                  <Table.Summary.Cell index={8} align="right">
                    {money(cost.cost)}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={9} align="right">
                    {formatKwh(cost.carbon, i18n.language)}
                  </Table.Summary.Cell>
                </>
              )}
            </Table.Summary.Row>
          )
        }
      />
    </Card>
  );
}
