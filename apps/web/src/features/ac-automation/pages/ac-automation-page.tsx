import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { AcAutomation } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { ProjectPage } from '@/components/project-page';
import { SavingsEvidenceDrawer } from '@/components/savings-evidence-drawer';
import { useCurrentProject } from '@/lib/current-project';
import {
  useAcAutomations,
  useAcAutomationSavings,
  useAcAutomationSavingsEvidence,
  useDeleteAcAutomation,
  useSetAcAutomationActive,
} from '../api/ac-automations';
import { AcAutomationForm } from '../components/ac-automation-form';
import { ExplainDrawer } from '../components/explain-drawer';

/** The rules a config has switched on, as words. */
function modesOf(a: AcAutomation, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  const out: string[] = [];
  if (a.autoOpenClose) out.push(t('acAutomation.autoOpenClose'));
  if (a.timingOpenClose) out.push(t('acAutomation.timingAt', { open: a.openTime, close: a.closeTime }));
  if (a.smartTempControl) out.push(t('acAutomation.smartTemp'));
  if (a.smartDoas) out.push(t('acAutomation.smartDoas'));
  if (a.weatherLinkage) out.push(t('acAutomation.weatherLinkage'));
  if (a.noonNap) out.push(t('acAutomation.noonNap'));
  return out;
}

/** /acAutomation: the project's AC automation configs; add, edit, activate (confirmed), delete (confirmed). */
export default function AcAutomationPage() {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { modal, message } = App.useApp();
  const projectId = useCurrentProject();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [form, setForm] = useState<{ editing: AcAutomation | null } | null>(null);
  const [explained, setExplained] = useState<AcAutomation | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<AcAutomation | null>(null);
  const evidence = useAcAutomationSavingsEvidence(evidenceOf?.id ?? null);
  const list = useAcAutomations({ projectId: projectId ?? 0, ...paging }, projectId !== null);
  const savings = useAcAutomationSavings(projectId);
  const setActive = useSetAcAutomationActive();
  const remove = useDeleteAcAutomation();

  const confirmActive = (a: AcAutomation, active: boolean) => {
    modal.confirm({
      title: t(active ? 'acAutomation.activateTitle' : 'acAutomation.deactivateTitle', {
        name: a.targetName,
      }),
      content: t(active ? 'acAutomation.activateConfirm' : 'acAutomation.deactivateConfirm'),
      okText: t(active ? 'acAutomation.activate' : 'acAutomation.deactivate'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await setActive.mutateAsync({ id: a.id, active });
          message.success(
            t(active ? 'acAutomation.activated' : 'acAutomation.deactivated', { name: a.targetName }),
          );
        } catch {
          // Shown by the request client.
        }
      },
    });
  };
  const confirmDelete = (a: AcAutomation) => {
    modal.confirm({
      title: t('acAutomation.deleteTitle', { name: a.targetName }),
      content: t('acAutomation.deleteConfirm'),
      okText: t('acAutomation.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(a.id);
          message.success(t('acAutomation.deleted', { name: a.targetName }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };

  const saved = new Map((savings.data?.rows ?? []).map((r) => [r.automationId, r]));
  const columns: ColumnsType<AcAutomation> = [
    {
      title: t('acAutomation.columns.target'),
      dataIndex: 'targetName',
      render: (_, a) => (
        <Space>
          <span>{a.targetName || t('acAutomation.gone')}</span>
          <Tag>{t(`acAutomation.kinds.${a.targetKind}`)}</Tag>
        </Space>
      ),
    },
    {
      title: t('acAutomation.columns.setTemperature'),
      dataIndex: 'setTemperature',
      render: (_, a) => `${a.setTemperature} °C`,
    },
    {
      title: t('acAutomation.columns.mode'),
      dataIndex: 'workMode',
      render: (_, a) =>
        `${t(`devices.options.workMode.${a.workMode}`)} · ${t(`devices.options.fanSpeed.${a.fanSpeed}`)}`,
    },
    {
      title: t('acAutomation.columns.modes'),
      key: 'modes',
      render: (_, a) => {
        const modes = modesOf(a, t);
        return modes.length === 0 ? (
          <Typography.Text type="secondary">{t('acAutomation.noModes')}</Typography.Text>
        ) : (
          <Flex wrap gap={4}>
            {modes.map((m) => (
              <Tag key={m}>{m}</Tag>
            ))}
          </Flex>
        );
      },
    },
    {
      title: t('acAutomation.columns.active'),
      dataIndex: 'active',
      render: (_, a) => (
        <Switch
          checked={a.active}
          aria-label={t('acAutomation.activeOf', { name: a.targetName })}
          onChange={(checked) => confirmActive(a, checked)}
        />
      ),
    },
    {
      title: times.titled(t('acAutomation.columns.lastApplied')),
      dataIndex: 'lastAppliedAt',
      render: (_, a) =>
        a.lastDesired && a.lastAppliedAt ? (
          <Space orientation="vertical" size={0}>
            <span>{times.format(a.lastAppliedAt, 'dateTimeMinutes')}</span>
            <span>{t(`acAutomation.reasons.${a.lastDesired.reason}`)}</span>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('acAutomation.neverApplied')}</Typography.Text>
        ),
    },
    {
      title: t('acAutomation.columns.saved'),
      key: 'saved',
      render: (_, a) => (
        <Button
          type="link"
          size="small"
          aria-label={t('savingsEvidence.open', {
            name: a.targetName,
            kwh: t('acAutomation.kwh', { value: saved.get(a.id)?.kwh ?? 0 }),
          })}
          onClick={() => setEvidenceOf(a)}
        >
          {t('acAutomation.kwh', { value: saved.get(a.id)?.kwh ?? 0 })}
        </Button>
      ),
    },
    {
      title: t('acAutomation.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, a) => (
        <Space>
          <Button
            size="small"
            aria-label={t('acAutomation.editOf', { name: a.targetName })}
            onClick={() => setForm({ editing: a })}
          >
            {t('acAutomation.edit')}
          </Button>
          <Button
            size="small"
            aria-label={t('acAutomation.explainOf', { name: a.targetName })}
            onClick={() => setExplained(a)}
          >
            {t('acAutomation.explainNow')}
          </Button>
          <Button
            size="small"
            danger
            aria-label={t('acAutomation.deleteOf', { name: a.targetName })}
            onClick={() => confirmDelete(a)}
          >
            {t('acAutomation.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ProjectPage title={t('routes.acAutomation')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <Flex vertical gap="middle">
              <Flex wrap gap="small" align="center" justify="space-between">
                <Button type="primary" onClick={() => setForm({ editing: null })}>
                  {t('acAutomation.add')}
                </Button>
                <Typography.Text type="secondary">{t('acAutomation.savedHint')}</Typography.Text>
              </Flex>
              <Table<AcAutomation>
                rowKey="id"
                aria-label={t('acAutomation.tableCaption')}
                caption={<span className="sb-visually-hidden">{t('acAutomation.tableCaption')}</span>}
                columns={columns}
                dataSource={list.data?.rows ?? []}
                loading={list.isFetching}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <Empty description={t('acAutomation.empty')} /> }}
              />
              <ListPagination
                total={list.data?.total ?? 0}
                {...paging}
                onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
              />
            </Flex>
          </Card>
          <ExplainDrawer config={explained} onClose={() => setExplained(null)} />
          <SavingsEvidenceDrawer
            title={t('savingsEvidence.title', { name: evidenceOf?.targetName ?? '' })}
            open={evidenceOf !== null}
            onClose={() => setEvidenceOf(null)}
            data={evidence.data}
            loading={evidence.isFetching}
          />
          <AcAutomationForm
            projectId={projectId}
            editing={form?.editing ?? null}
            open={form !== null}
            onClose={() => setForm(null)}
          />
        </>
      )}
    </ProjectPage>
  );
}
