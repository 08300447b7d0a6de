import { Empty, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { MinusOutlined, PlusOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MeshChange } from '@sbuilding/shared';

type FieldChange = MeshChange['fields'][number];

const CHANGE_ICONS = { added: PlusOutlined, removed: MinusOutlined, changed: EditOutlined } as const;
const CHANGE_COLOURS = { added: 'blue', removed: 'red', changed: 'geekblue' } as const;

/** A value of a diff as text: yes/no for switches, a dash for none. */
function useValueText() {
  const { t } = useTranslation();
  return (value: FieldChange['from']) => {
    if (value === null || value === '') return t('mesh.none');
    if (typeof value === 'boolean') return value ? t('mesh.yes') : t('mesh.no');
    return String(value);
  };
}

/** What a version changed: each mark added, removed or changed, with every field from → to. */
export function ChangeList({ changes }: { changes: MeshChange[] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  if (changes.length === 0) return <Empty description={t('mesh.noChanges')} />;
  const columns: TableColumnsType<FieldChange> = [
    { title: t('mesh.field'), dataIndex: 'field', render: (_, f) => t(`fields.${f.field}`) },
    { title: t('mesh.from'), dataIndex: 'from', render: (_, f) => valueText(f.from) },
    { title: t('mesh.to'), dataIndex: 'to', render: (_, f) => valueText(f.to) },
  ];
  return (
    <ul className="sb-mesh-changes">
      {changes.map((change) => {
        const Icon = CHANGE_ICONS[change.change];
        const heading = t('mesh.changeOf', {
          name: change.markName,
          change: t(`mesh.change.${change.change}`),
        });
        return (
          <li key={`${change.markId}-${change.change}`}>
            <Typography.Title level={4}>
              <Tag color={CHANGE_COLOURS[change.change]} icon={<Icon aria-hidden />}>
                {t(`mesh.change.${change.change}`)}
              </Tag>
              {change.markName}
            </Typography.Title>
            {change.fields.length > 0 ? (
              <Table<FieldChange>
                rowKey="field"
                size="small"
                columns={columns}
                dataSource={change.fields}
                pagination={false}
                caption={<span className="sb-visually-hidden">{heading}</span>}
              />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
