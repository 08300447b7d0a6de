import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Mark } from '@sbuilding/shared';
import { markState } from './mark-state';

export interface MarkListProps {
  marks: Mark[];
  loading: boolean;
  floorName: string;
  onOpen: (mark: Mark) => void;
}

/** The floor's marks as a table: the plan's content for screen readers, and a way to open each. */
export function MarkList({ marks, loading, floorName, onOpen }: MarkListProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Mark> = [
    {
      title: t('fields.markName'),
      dataIndex: 'markName',
      render: (_, m) => (
        <Button
          type="link"
          onClick={() => onOpen(m)}
          aria-label={t('deviceMarks.openOf', { name: m.markName })}
        >
          {m.markName}
        </Button>
      ),
    },
    { title: t('fields.deviceId'), dataIndex: 'deviceName', render: (_, m) => m.deviceName ?? '-' },
    {
      title: t('deviceMarks.state'),
      key: 'state',
      render: (_, m) => t(`deviceMarks.legend.${markState(m)}`),
    },
  ];
  // A floor holds dozens of marks: the list scrolls beside the plan instead of stretching the page. The
  // scrolling region is focusable and named, so keyboard and screen-reader users can reach all of it.
  return (
    <div
      className="sb-mark-list"
      tabIndex={0}
      role="region"
      aria-label={t('deviceMarks.listCaption', { name: floorName })}
    >
      <Table<Mark>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={marks}
        loading={loading}
        pagination={false}
        caption={
          <span className="sb-visually-hidden">{t('deviceMarks.listCaption', { name: floorName })}</span>
        }
        locale={{ emptyText: <Empty description={t('deviceMarks.empty')} /> }}
      />
    </div>
  );
}
