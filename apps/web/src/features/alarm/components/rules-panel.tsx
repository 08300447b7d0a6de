import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlertRule } from '@sbuilding/shared';
import { useProjectBuildings } from '@/components/location-select';
import { useCan } from '@/lib/permissions';
import { useRules } from '../api/list-rules';
import { useAddRule } from '../api/add-rule';
import { useEditRule } from '../api/edit-rule';
import { useEnableRule } from '../api/enable-rule';
import { useDeleteRule } from '../api/delete-rule';
import { RulesTable } from './rules-table';
import { RuleFormModal, type RuleFormValues } from './rule-form-modal';

/**
 * The project's threshold rules: every board role sees them, the project administrator adds, edits,
 * switches and deletes them (delete after a confirm).
 */
export function RulesPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canEdit = useCan('alertRules:write');
  const rules = useRules(projectId);
  const buildings = useProjectBuildings(projectId);
  const add = useAddRule();
  const edit = useEditRule();
  const enable = useEnableRule();
  const remove = useDeleteRule();
  /** The dialog: 'new', the rule being edited, or closed. */
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  const buildingNames = new Map((buildings.data?.rows ?? []).map((b) => [b.id, b.name]));

  const onSubmit = (values: RuleFormValues) => {
    const done = {
      onSuccess: () => {
        setEditing(null);
        message.success(t('alarm.rules.saved'));
      },
    };
    if (editing === 'new') add.mutate({ projectId, ...values }, done);
    else if (editing) edit.mutate({ id: editing.id, body: { version: editing.version, ...values } }, done);
  };

  const onSwitch = (rule: AlertRule, enabled: boolean) =>
    enable.mutate(
      { id: rule.id, body: { version: rule.version, enabled } },
      { onSuccess: () => message.success(t(enabled ? 'alarm.rules.switchedOn' : 'alarm.rules.switchedOff')) },
    );

  const onDelete = (rule: AlertRule) =>
    modal.confirm({
      title: t('alarm.rules.deleteTitle', { name: rule.name }),
      content: t('alarm.rules.deleteConfirm'),
      okText: t('alarm.rules.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(rule.id).then(() => message.success(t('alarm.rules.deleted'))),
    });

  return (
    <Flex vertical gap="middle">
      {canEdit && (
        <Flex justify="end">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            {t('alarm.rules.add')}
          </Button>
        </Flex>
      )}
      <RulesTable
        rules={rules.data ?? []}
        loading={rules.isFetching}
        buildingNames={buildingNames}
        canEdit={canEdit}
        switching={enable.isPending ? (enable.variables?.id ?? null) : null}
        onSwitch={onSwitch}
        onEdit={(rule) => setEditing(rule)}
        onDelete={onDelete}
      />
      <RuleFormModal
        open={editing !== null}
        rule={editing === 'new' ? null : editing}
        projectId={projectId}
        saving={add.isPending || edit.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={onSubmit}
      />
    </Flex>
  );
}
