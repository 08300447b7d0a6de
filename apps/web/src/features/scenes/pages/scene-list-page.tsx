import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Space, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { Link, useNavigate } from 'react-router';
import type { Scene } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { NoProject } from '@/components/no-project';
import { useCurrentProject } from '@/lib/current-project';
import { SavingsEvidenceDrawer } from '@/components/savings-evidence-drawer';
import { useSceneSavings, useSceneSavingsEvidence } from '../api/scene-savings';
import { useEnableScene, useExecuteScene, useScenes } from '../api/scenes';
import { ExplainDrawer } from '../components/explain-drawer';

/** /scene: the project's scenes; enable or disable (confirmed), execute now, explain, last run. */
export default function SceneListPage() {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const projectId = useCurrentProject();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [explained, setExplained] = useState<Scene | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<Scene | null>(null);
  const evidence = useSceneSavingsEvidence(evidenceOf?.id ?? null);
  const scenes = useScenes({ projectId: projectId ?? 0, ...paging }, projectId !== null);
  // Fetched beside the list (not in it) so the list stays fast; '—' until it arrives.
  const savings = useSceneSavings(projectId);
  const saved = new Map((savings.data?.rows ?? []).map((r) => [r.sceneId, r.kwh]));
  const enable = useEnableScene();
  const execute = useExecuteScene();

  const confirmEnable = (scene: Scene, enabled: boolean) => {
    modal.confirm({
      title: t(enabled ? 'scenes.enableTitle' : 'scenes.disableTitle', { name: scene.name }),
      okText: t(enabled ? 'scenes.enable' : 'scenes.disable'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await enable.mutateAsync({ id: scene.id, enabled });
          message.success(t(enabled ? 'scenes.enabled' : 'scenes.disabled', { name: scene.name }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };
  const runNow = async (scene: Scene) => {
    try {
      const run = await execute.mutateAsync(scene.id);
      if (run.outcome === 'ran') message.success(t('scenes.executed', { name: scene.name }));
      else
        message.warning(
          t('scenes.executedWith', {
            name: scene.name,
            reason: t(`jobLog.reasons.${run.reason ?? 'commandFailed'}`),
          }),
        );
    } catch {
      // Shown by the request client.
    }
  };

  const columns: ColumnsType<Scene> = [
    { title: t('scenes.columns.name'), dataIndex: 'name' },
    {
      title: t('scenes.columns.trigger'),
      dataIndex: 'triggerType',
      render: (_, s) => t(`scenes.triggerTypes.${s.triggerType}`),
    },
    {
      title: t('scenes.columns.enabled'),
      dataIndex: 'enabled',
      render: (_, s) => (
        <Switch
          checked={s.enabled}
          aria-label={t('scenes.enabledOf', { name: s.name })}
          onChange={(checked) => confirmEnable(s, checked)}
        />
      ),
    },
    {
      title: times.titled(t('scenes.columns.lastRun')),
      dataIndex: 'lastRun',
      render: (_, s) =>
        s.lastRun ? (
          <Space orientation="vertical" size={0}>
            <span>{times.format(s.lastRun.time)}</span>
            <span>
              {t(`jobLog.outcomes.${s.lastRun.outcome}`)}
              {s.lastRun.reason ? ` – ${t(`jobLog.reasons.${s.lastRun.reason}`)}` : ''}
            </span>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('scenes.neverRun')}</Typography.Text>
        ),
    },
    {
      title: t('scenes.columns.saved'),
      key: 'saved',
      render: (_, s) =>
        savings.data ? (
          <Button
            type="link"
            size="small"
            aria-label={t('savingsEvidence.open', {
              name: s.name,
              kwh: t('scenes.kwh', { value: saved.get(s.id) ?? 0 }),
            })}
            onClick={() => setEvidenceOf(s)}
          >
            {t('scenes.kwh', { value: saved.get(s.id) ?? 0 })}
          </Button>
        ) : (
          '—'
        ),
    },
    {
      title: t('scenes.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, s) => (
        <Space>
          <Button
            size="small"
            aria-label={t('scenes.editOf', { name: s.name })}
            onClick={() => void navigate(`/scenes/edit?id=${s.id}`)}
          >
            {t('scenes.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => void runNow(s)}
            loading={execute.isPending && execute.variables === s.id}
          >
            {t('scenes.executeNow')}
          </Button>
          <Button size="small" onClick={() => setExplained(s)}>
            {t('scenes.explainNow')}
          </Button>
        </Space>
      ),
    },
  ];

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.defined')}
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
  return (
    <Flex vertical gap="middle">
      {title}
      <Card>
        <Flex vertical gap="middle">
          <Flex wrap gap="small" align="center" justify="space-between">
            <Space wrap>
              <Button type="primary" onClick={() => void navigate('/scenes/add')}>
                {t('scenes.addScene')}
              </Button>
              <Button onClick={() => void navigate('/schedule/add')}>{t('scenes.addSchedule')}</Button>
              <Button onClick={() => void navigate('/linkage/add')}>{t('scenes.addLinkage')}</Button>
            </Space>
            <Link to="/job/log">{t('routes.jobLog')}</Link>
          </Flex>
          <Table<Scene>
            rowKey="id"
            aria-label={t('scenes.tableCaption')}
            caption={<span className="sb-visually-hidden">{t('scenes.tableCaption')}</span>}
            columns={columns}
            dataSource={scenes.data?.rows ?? []}
            loading={scenes.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('scenes.empty')} /> }}
          />
          <ListPagination
            total={scenes.data?.total ?? 0}
            {...paging}
            onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
          />
          <Typography.Text type="secondary">{t('scenes.savedHint')}</Typography.Text>
        </Flex>
      </Card>
      <ExplainDrawer scene={explained} onClose={() => setExplained(null)} />
      <SavingsEvidenceDrawer
        title={t('savingsEvidence.title', { name: evidenceOf?.name ?? '' })}
        open={evidenceOf !== null}
        onClose={() => setEvidenceOf(null)}
        data={evidence.data}
        loading={evidence.isFetching}
      />
    </Flex>
  );
}
