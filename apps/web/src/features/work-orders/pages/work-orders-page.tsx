import { useState } from 'react';
import { App, Button, Card, Flex } from 'antd';
import { ExportOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WorkOrderDetail, WorkOrderStatus } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { ProjectPage } from '@/components/project-page';
import { Tabs } from '@/components/tabs';
import { useCan } from '@/lib/permissions';
import { useSettings } from '@/lib/settings';
import { RequestError } from '@/lib/request';
import { useCurrentProject } from '@/lib/current-project';
import {
  useAssignWorkOrders,
  useAssignees,
  useCommentWorkOrder,
  useExportWorkOrders,
  useTransitionWorkOrder,
  useWorkOrder,
  useWorkOrderStats,
  useWorkOrders,
} from '../api/work-orders';
import { AssignModal } from '../components/assign-modal';
import { MaintenancePlans } from '../components/maintenance-plans';
import { ServiceLevelsForm } from '../components/service-levels-form';
import { WorkOrderCards } from '../components/work-order-cards';
import { WorkOrderDrawer } from '../components/work-order-drawer';
import { WorkOrderFigures } from '../components/work-order-figures';
import { WorkOrderFilters, type WorkOrderFilterValues } from '../components/work-order-filters';
import { WorkOrderTable } from '../components/work-order-table';
import { WorkOrderTrends } from '../components/work-order-trends';

/**
 * /workorder (issue 37): the current project's work orders, filtered (status, priority, assignee, building,
 * overdue, my work) and paged, bulk assignment for the project administrator, and a drawer with one work
 * order's moves, history and comments. Export writes the filter's work orders to an .xlsx. A technician (who
 * may work orders but not manage them) starts on "my work"; on a phone the rows are cards and the detail takes
 * the whole width.
 */
export default function WorkOrdersPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const projectId = useCurrentProject();
  const canManage = useCan('workOrders:manage');
  const canWrite = useCan('workOrders:write');
  const phone = useSettings((s) => s.device === 'mobile');
  const initialFilters: WorkOrderFilterValues = canWrite && !canManage ? { mine: true } : {};
  const [filters, setFilters] = useState<WorkOrderFilterValues>(initialFilters);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [assigning, setAssigning] = useState(false);
  const enabled = projectId !== null;
  const filter = { projectId: projectId ?? 0, ...filters };
  const list = useWorkOrders({ ...filter, ...paging }, enabled);
  const assignees = useAssignees(projectId, enabled);
  const stats = useWorkOrderStats(projectId, enabled);
  const detail = useWorkOrder(detailId);
  const transition = useTransitionWorkOrder();
  const comment = useCommentWorkOrder();
  const assign = useAssignWorkOrders();
  const exporter = useExportWorkOrders();

  const failed = (error: unknown) =>
    message.error(
      error instanceof RequestError && error.code === 409
        ? t('workOrders.changed')
        : error instanceof Error
          ? error.message
          : t('workOrders.failed'),
    );

  const send = (order: WorkOrderDetail, to: WorkOrderStatus, handleAlert: boolean) =>
    transition.mutate(
      { id: order.id, body: { to, version: order.version, handleAlert } },
      { onSuccess: () => message.success(t('workOrders.moved')), onError: failed },
    );

  // Resolving a work order made from an alert that is still open asks whether to handle the alert too.
  const onMove = (order: WorkOrderDetail, to: WorkOrderStatus) => {
    if (to === 'resolved' && order.alert?.status === 'alerting') {
      modal.confirm({
        title: t('workOrders.handleAlertTitle'),
        content: t('workOrders.handleAlertConfirm', { object: order.alert.object }),
        okText: t('workOrders.handleAlertYes'),
        cancelText: t('workOrders.handleAlertNo'),
        onOk: () => send(order, to, true),
        onCancel: () => send(order, to, false),
      });
    } else send(order, to, false);
  };

  const onAssign = (assigneeId: number) =>
    assign.mutate(
      { ids: selected, assigneeId },
      {
        onSuccess: ({ count }) => {
          setAssigning(false);
          setSelected([]);
          message.success(t('workOrders.assigned', { count }));
        },
        onError: (error) => {
          setAssigning(false);
          failed(error);
        },
      },
    );

  const workOrders = (projectId: number) => (
    <Flex vertical gap="middle">
      <WorkOrderFigures stats={stats.data} />
      {!phone && <WorkOrderTrends stats={stats.data} />}
      <Card>
        <WorkOrderFilters
          projectId={projectId}
          assignees={assignees.data ?? []}
          initial={initialFilters}
          onSearch={(values) => {
            setFilters(values);
            setSelected([]);
            setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
          }}
        />
      </Card>
      <Card>
        <Flex vertical gap="middle">
          <Flex gap="small" justify="end" wrap>
            {canManage && !phone && (
              <Button
                icon={<UserAddOutlined />}
                disabled={selected.length === 0}
                onClick={() => setAssigning(true)}
              >
                {t('workOrders.assignSelected', { count: selected.length })}
              </Button>
            )}
            <Button
              icon={<ExportOutlined />}
              onClick={() => exporter.mutate(filter)}
              loading={exporter.isPending}
            >
              {t('workOrders.export')}
            </Button>
          </Flex>
          {phone ? (
            <WorkOrderCards
              rows={list.data?.rows ?? []}
              loading={list.isFetching}
              onDetail={(o) => setDetailId(o.id)}
            />
          ) : (
            <WorkOrderTable
              rows={list.data?.rows ?? []}
              loading={list.isFetching}
              selected={canManage ? selected : undefined}
              onSelect={canManage ? setSelected : undefined}
              onDetail={(o) => setDetailId(o.id)}
            />
          )}
          <ListPagination
            total={list.data?.total ?? 0}
            {...paging}
            onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
          />
        </Flex>
      </Card>
      <WorkOrderDrawer
        open={detailId !== null}
        order={detail.data}
        moving={transition.isPending}
        commenting={comment.isPending}
        canComment={canWrite}
        fullWidth={phone}
        onClose={() => setDetailId(null)}
        onMove={onMove}
        onComment={(order, text) => comment.mutateAsync({ id: order.id, body: { text } })}
      />
      <AssignModal
        open={assigning}
        count={selected.length}
        assignees={assignees.data ?? []}
        saving={assign.isPending}
        onCancel={() => setAssigning(false)}
        onSubmit={onAssign}
      />
    </Flex>
  );

  return (
    <ProjectPage title={t('routes.workOrders')} projectId={projectId}>
      {(projectId) =>
        canManage ? (
          <Tabs
            aria-label={t('workOrders.sections')}
            destroyOnHidden
            items={[
              { key: 'list', label: t('workOrders.tabs.list'), children: workOrders(projectId) },
              {
                key: 'plans',
                label: t('workOrders.tabs.plans'),
                children: <MaintenancePlans projectId={projectId} assignees={assignees.data ?? []} />,
              },
              {
                key: 'settings',
                label: t('workOrders.tabs.settings'),
                children: <ServiceLevelsForm projectId={projectId} />,
              },
            ]}
          />
        ) : (
          workOrders(projectId)
        )
      }
    </ProjectPage>
  );
}
