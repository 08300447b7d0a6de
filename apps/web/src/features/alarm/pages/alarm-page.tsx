import { useRef, useState } from 'react';
import { Alert as Notice, App, Button, Card, Flex } from 'antd';
import { ExportOutlined, StopOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AlertSolution } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { ProjectPage } from '@/components/project-page';
import { Tabs } from '@/components/tabs';
import { useCan } from '@/lib/permissions';
import { RequestError } from '@/lib/request';
import { useAlertChanges } from '@/lib/socket';
import { useCurrentProject } from '@/lib/current-project';
import { alertsKey, useAlerts } from '../api/list-alerts';
import { useAlertCounts } from '../api/alert-counts';
import { useAlert } from '../api/get-alert';
import { useProcessAlert } from '../api/process-alert';
import { useIgnoreAlert } from '../api/ignore-alert';
import { useIgnoreAllAlerts } from '../api/ignore-all-alerts';
import { useExportAlerts } from '../api/export-alerts';
import { AlarmFilters, type AlarmFilterValues } from '../components/alarm-filters';
import { AlarmTable } from '../components/alarm-table';
import { AlarmCounts } from '../components/alarm-counts';
import { AlertDetailDrawer } from '../components/alert-detail-drawer';
import { HandleAlertModal } from '../components/handle-alert-modal';
import { OwnChanges } from '../hooks/own-changes';
import { RulesPanel } from '../components/rules-panel';
import { OverdueWorkOrdersCount } from '@/features/work-orders';

interface Target {
  id: number;
  version: number;
  object: string;
}

/**
 * /board/alarm (Alarmboard): the current project's alerts, filtered and paged, with counts by level, the
 * detail and history of one, and its handling; a second tab holds the project's threshold rules. An alert on screen that changes elsewhere (another user,
 * the device coming back) raises 'Alert status is changed, Please update now' with an update action;
 * a handling refused with 409 does the same.
 */
export default function AlarmPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const projectId = useCurrentProject();
  const [filters, setFilters] = useState<AlarmFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [processing, setProcessing] = useState<Target | null>(null);
  const [changed, setChanged] = useState(false);
  const own = useRef(new OwnChanges());
  const canHandle = useCan('alerts:handle');
  const enabled = projectId !== null;
  const filter = { projectId: projectId ?? 0, ...filters };
  const list = useAlerts({ ...filter, ...paging }, enabled);
  const counts = useAlertCounts(filter, enabled);
  const detail = useAlert(detailId);
  const process = useProcessAlert();
  const ignore = useIgnoreAlert();
  const ignoreAll = useIgnoreAllAlerts();
  const exporter = useExportAlerts();

  useAlertChanges((pushed) => {
    // The echo of this screen's own handling is not a change made elsewhere.
    const ids = own.current.foreign(pushed);
    const onScreen = new Set((list.data?.rows ?? []).map((a) => a.id));
    if (detailId !== null) onScreen.add(detailId);
    if (ids.some((id) => onScreen.has(id))) setChanged(true);
    // Alerts not on screen (a new one): the counts and the list follow without a notice.
    else void queryClient.invalidateQueries({ queryKey: alertsKey });
  });

  const update = async () => {
    await queryClient.invalidateQueries({ queryKey: alertsKey });
    setChanged(false);
    message.success(t('alarm.updated'));
  };

  const failed = (id: number, error: unknown) => {
    own.current.forget(id);
    if (error instanceof RequestError && error.code === 409) setChanged(true);
    else message.error(error instanceof Error ? error.message : t('alarm.failed'));
  };

  const onIgnore = (target: Target) => {
    own.current.expect(target.id);
    ignore.mutate(
      { id: target.id, version: target.version },
      {
        onSuccess: () => message.success(t('alarm.ignoredOne')),
        onError: (error) => failed(target.id, error),
      },
    );
  };

  const onProcess = (values: { solution: AlertSolution; date: string }) => {
    if (!processing) return;
    const id = processing.id;
    own.current.expect(id);
    process.mutate(
      { id: processing.id, body: { version: processing.version, ...values } },
      {
        onSuccess: () => {
          setProcessing(null);
          message.success(t('alarm.processedOne'));
        },
        onError: (error) => {
          setProcessing(null);
          failed(id, error);
        },
      },
    );
  };

  const onIgnoreAll = () =>
    modal.confirm({
      title: t('alarm.ignoreAllTitle'),
      content: t('alarm.ignoreAllConfirm'),
      okText: t('alarm.ignoreAll'),
      cancelText: t('common.cancel'),
      onOk: () => {
        own.current.expectBulk();
        return ignoreAll
          .mutateAsync(filter)
          .then(({ count }) => message.success(t('alarm.ignoredAll', { count })));
      },
    });

  const alertsTab = (projectId: number) => (
    <Flex vertical gap="middle">
      {changed && (
        <Notice
          type="warning"
          showIcon
          role="alert"
          title={t('alarm.changed')}
          action={
            <Button size="small" type="primary" onClick={() => void update()}>
              {t('alarm.update')}
            </Button>
          }
        />
      )}
      <Flex gap="middle" wrap>
        <AlarmCounts counts={counts.data} />
        <OverdueWorkOrdersCount projectId={projectId} />
      </Flex>
      <Card>
        <AlarmFilters
          projectId={projectId}
          onSearch={(values) => {
            setFilters(values);
            setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
          }}
        />
      </Card>
      <Card>
        <Flex vertical gap="middle">
          <Flex gap="small" justify="end">
            {canHandle && (
              <Button icon={<StopOutlined />} onClick={onIgnoreAll} loading={ignoreAll.isPending}>
                {t('alarm.ignoreAll')}
              </Button>
            )}
            <Button
              icon={<ExportOutlined />}
              onClick={() => exporter.mutate(filter)}
              loading={exporter.isPending}
            >
              {t('alarm.export')}
            </Button>
          </Flex>
          <AlarmTable
            rows={list.data?.rows ?? []}
            loading={list.isFetching}
            canHandle={canHandle}
            onDetail={(a) => setDetailId(a.id)}
            onProcess={(a) => setProcessing(a)}
            onIgnore={onIgnore}
          />
          <ListPagination
            total={list.data?.total ?? 0}
            {...paging}
            onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
          />
        </Flex>
      </Card>
      <AlertDetailDrawer
        open={detailId !== null}
        alert={detail.data}
        canHandle={canHandle}
        onClose={() => setDetailId(null)}
        onProcess={(a) => setProcessing(a)}
        onIgnore={onIgnore}
      />
      <HandleAlertModal
        open={processing !== null}
        name={processing?.object ?? ''}
        saving={process.isPending}
        onCancel={() => setProcessing(null)}
        onSubmit={onProcess}
      />
    </Flex>
  );
  return (
    <ProjectPage title={t('routes.alert')} projectId={projectId}>
      {(projectId) => (
        <Tabs
          aria-label={t('alarm.rules.tabsLabel')}
          items={[
            { key: 'alerts', label: t('alarm.rules.tabAlerts'), children: alertsTab(projectId) },
            {
              key: 'rules',
              label: t('alarm.rules.tabRules'),
              children: (
                <Card>
                  <RulesPanel projectId={projectId} />
                </Card>
              ),
            },
          ]}
        />
      )}
    </ProjectPage>
  );
}
