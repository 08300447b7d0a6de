import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardLight } from '@sbuilding/shared';
import { useLightWords } from './light-words';

interface LightTableProps {
  devices: readonly BoardLight[];
  onOpen: (device: BoardLight) => void;
}

/** The floor's lights and panels as a table: the plan in words, for keyboards and screen readers. */
export function LightTable({ devices, onOpen }: LightTableProps) {
  const { t } = useTranslation();
  const words = useLightWords();
  const columns: TableColumnsType<BoardLight> = [
    { key: 'name', title: t('lighting.name'), dataIndex: 'name' },
    {
      key: 'kind',
      title: t('lighting.kind'),
      render: (_, d) => (d.category === 'lightPanel' ? t('lighting.panel') : t('lighting.light')),
    },
    { key: 'zone', title: t('lighting.zone'), render: (_, d) => d.zoneName ?? '-' },
    { key: 'state', title: t('lighting.state'), render: (_, d) => words.short(d) },
    {
      key: 'online',
      title: t('lighting.online'),
      render: (_, d) => (d.online ? t('lighting.onlineYes') : t('lighting.onlineNo')),
    },
    {
      key: 'plan',
      title: t('lighting.onPlan'),
      render: (_, d) => (d.mark ? t('lighting.onPlanYes') : t('lighting.onPlanNo')),
    },
    {
      key: 'action',
      fixed: 'right',
      title: t('lighting.action'),
      render: (_, d) => (
        <Button size="small" onClick={() => onOpen(d)} aria-label={t('lighting.openOf', { name: d.name })}>
          {t('lighting.open')}
        </Button>
      ),
    },
  ];
  return (
    <Table<BoardLight>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...devices]}
      pagination={false}
      locale={{ emptyText: t('boards.noDevice') }}
    />
  );
}
