import { Button, Empty, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DEVICE_MODELS, type AlertRule } from '@sbuilding/shared';
import { LevelTag, useConditionText } from './alarm-labels';
import { useKeyLabel } from '@/lib/key-label';

export interface RulesTableProps {
  rules: AlertRule[];
  loading: boolean;
  /** Building names by id, for rules limited to one building. */
  buildingNames: ReadonlyMap<number, string>;
  /** Whether the user may change rules (switch, edit, delete). */
  canEdit: boolean;
  /** The rule whose switch is being saved. */
  switching: number | null;
  onSwitch: (rule: AlertRule, enabled: boolean) => void;
  onEdit: (rule: AlertRule) => void;
  onDelete: (rule: AlertRule) => void;
}

function unitOf(rule: AlertRule): string {
  return DEVICE_MODELS[rule.model].telemetry.find((s) => s.key === rule.telemetryKey)?.unit ?? '';
}

/** A project's threshold rules; the switch turns one on or off at once. */
export function RulesTable(props: RulesTableProps) {
  const keyLabel = useKeyLabel();
  const { rules, loading, buildingNames, canEdit, switching, onSwitch, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const condition = useConditionText();
  const seconds = (count: number) => t('alarm.rules.seconds', { count });
  const columns: ColumnsType<AlertRule> = [
    { title: t('alarm.rules.columns.name'), dataIndex: 'name' },
    {
      title: t('alarm.rules.columns.model'),
      dataIndex: 'model',
      render: (_, r) => t(`catalogue.models.${r.model}`),
    },
    {
      title: t('alarm.rules.columns.telemetryKey'),
      dataIndex: 'telemetryKey',
      render: (_, r) => keyLabel(r.telemetryKey),
    },
    {
      title: t('alarm.rules.columns.condition'),
      key: 'condition',
      render: (_, r) => condition({ ...r, unit: unitOf(r) }),
    },
    {
      title: t('alarm.rules.columns.duration'),
      dataIndex: 'durationS',
      render: (_, r) => seconds(r.durationS),
    },
    {
      title: t('alarm.rules.columns.level'),
      dataIndex: 'level',
      render: (_, r) => <LevelTag level={r.level} />,
    },
    {
      title: t('alarm.rules.columns.autoClear'),
      dataIndex: 'autoClear',
      render: (_, r) =>
        r.autoClear
          ? t('alarm.rules.autoClearText', { deadband: r.deadband, delay: r.clearDelayS })
          : t('alarm.rules.noAutoClear'),
    },
    {
      title: t('alarm.rules.columns.building'),
      dataIndex: 'buildingId',
      render: (_, r) =>
        r.buildingId === null
          ? t('alarm.rules.wholeProject')
          : (buildingNames.get(r.buildingId) ?? String(r.buildingId)),
    },
    {
      title: t('alarm.rules.columns.enabled'),
      dataIndex: 'enabled',
      render: (_, r) => (
        <Switch
          checked={r.enabled}
          disabled={!canEdit}
          loading={switching === r.id}
          aria-label={t('alarm.rules.switchOf', { name: r.name })}
          onChange={(checked) => onSwitch(r, checked)}
        />
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('alarm.rules.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            onClick={() => onEdit(r)}
            aria-label={t('alarm.rules.editOf', { name: r.name })}
          >
            {t('alarm.rules.edit')}
          </Button>
          <Button
            type="link"
            danger
            onClick={() => onDelete(r)}
            aria-label={t('alarm.rules.deleteOf', { name: r.name })}
          >
            {t('alarm.rules.delete')}
          </Button>
        </Space>
      ),
    });
  }
  return (
    <Table<AlertRule>
      rowKey="id"
      aria-label={t('alarm.rules.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('alarm.rules.tableCaption')}</span>}
      columns={columns}
      dataSource={rules}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: (
          <Empty
            description={
              <>
                <Typography.Text strong>{t('alarm.rules.empty')}</Typography.Text>
                <br />
                <Typography.Text>{t('alarm.rules.emptyHint')}</Typography.Text>
              </>
            }
          />
        ),
      }}
    />
  );
}
