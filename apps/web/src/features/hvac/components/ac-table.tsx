import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardAc } from '@sbuilding/shared';
import { AcControl, type AcControlName } from './ac-controls';

interface AcTableProps {
  units: readonly BoardAc[];
  canControl: boolean;
  onApplied: (deviceId: number, params: Record<string, string | number | boolean>) => void;
}

/**
 * Every AC unit: where it is, online, room temperature, and its on/off, setpoint, mode and fan speed as
 * controls (with the right) or as words (without it).
 */
export function AcTable({ units, canControl, onApplied }: AcTableProps) {
  const { t } = useTranslation();
  const onOff = (v: boolean | null) => (v === null ? '-' : v ? t('devices.on') : t('devices.off'));
  const control = (name: AcControlName, u: BoardAc) =>
    canControl ? (
      <AcControl
        control={name}
        name={u.name}
        target={{ deviceId: u.id }}
        value={u.state}
        supportsAuto={u.supportsAuto}
        canControl={canControl}
        onApplied={(params) => onApplied(u.id, params)}
      />
    ) : null;
  const columns: TableColumnsType<BoardAc> = [
    { key: 'name', title: t('hvac.name'), dataIndex: 'name' },
    {
      key: 'place',
      title: t('hvac.place'),
      render: (_, u) => [u.buildingName, u.floorName, u.zoneName].filter(Boolean).join(' / '),
    },
    {
      key: 'online',
      title: t('hvac.online'),
      render: (_, u) => (u.online ? t('hvac.onlineYes') : t('hvac.onlineNo')),
    },
    {
      key: 'roomTemp',
      title: t('hvac.roomTemp'),
      render: (_, u) => (u.state.roomTemp === null ? '-' : `${u.state.roomTemp} °C`),
    },
    {
      key: 'onOff',
      title: t('fields.onOff'),
      render: (_, u) => control('onOff', u) ?? onOff(u.state.onOff),
    },
    {
      key: 'targetTemp',
      title: t('fields.targetTemp'),
      render: (_, u) =>
        control('targetTemp', u) ?? (u.state.targetTemp === null ? '-' : `${u.state.targetTemp} °C`),
    },
    {
      key: 'workMode',
      title: t('fields.workMode'),
      render: (_, u) =>
        control('workMode', u) ?? (
          <>
            {u.state.workMode ? t(`devices.options.workMode.${u.state.workMode}`) : '-'}
            {u.supportsAuto ? null : (
              <Typography.Text type="secondary"> ({t('validation.notSupportAuto')})</Typography.Text>
            )}
          </>
        ),
    },
    {
      key: 'fanSpeed',
      title: t('fields.fanSpeed'),
      render: (_, u) =>
        control('fanSpeed', u) ??
        (u.state.fanSpeed ? t(`devices.options.fanSpeed.${u.state.fanSpeed}`) : '-'),
    },
  ];
  return (
    <Table<BoardAc>
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      columns={columns}
      dataSource={[...units]}
      pagination={units.length > 50 ? { pageSize: 50 } : false}
      locale={{ emptyText: t('boards.noDevice') }}
    />
  );
}
