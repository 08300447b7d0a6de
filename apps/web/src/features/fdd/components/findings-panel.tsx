import { useState } from 'react';
import { App, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FddFinding, FddStatus } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useCan } from '@/lib/permissions';
import { RequestError } from '@/lib/request';
import { useSettings } from '@/lib/settings';
import { useFindingWorkOrder, useFixFinding, useTransitionFinding } from '../api/finding-moves';
import { useFinding, useFindings } from '../api/findings';
import { useFddSummary } from '../api/summary';
import { DismissModal } from './dismiss-modal';
import { useFddFormat } from './fdd-format';
import { FddSummaryCards } from './fdd-summary';
import { FindingActions } from './finding-actions';
import { FindingDrawer } from './finding-drawer';
import { ACTIVE_FILTER, FindingFilters, type FindingFilterValues } from './finding-filters';
import { FindingTable } from './finding-table';

/**
 * The findings tab: what faults cost, the filters (active ones first), the findings costliest first with
 * server-side paging, and a finding's drawer with the moves, the fix and the work order for `faults:write`.
 */
export function FindingsPanel({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('faults:write');
  const phone = useSettings((s) => s.device === 'mobile');
  const format = useFddFormat(projectId);
  const [filters, setFilters] = useState<FindingFilterValues>(ACTIVE_FILTER);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [dismissing, setDismissing] = useState<FddFinding | null>(null);
  const [workOrder, setWorkOrder] = useState<{ findingId: number; workOrderId: number } | null>(null);
  const summary = useFddSummary(projectId);
  const list = useFindings({ projectId, ...filters, ...paging });
  const detail = useFinding(detailId);
  const transition = useTransitionFinding();
  const fix = useFixFinding();
  const makeWorkOrder = useFindingWorkOrder();

  // The server's message in the user's language; a stale version is said plainly (the finding reloads).
  const failed = (error: unknown) =>
    message.error(
      error instanceof RequestError && error.code === 409
        ? t('fdd.changed')
        : error instanceof Error
          ? error.message
          : t('fdd.failed'),
    );

  const move = (finding: FddFinding, to: FddStatus, reason = '') =>
    transition.mutate(
      { id: finding.id, body: { to, reason, version: finding.version } },
      {
        onSuccess: () => {
          setDismissing(null);
          void message.success(t('fdd.moved'));
        },
        onError: failed,
      },
    );

  const onMove = (finding: FddFinding, to: FddStatus) =>
    to === 'dismissed' ? setDismissing(finding) : move(finding, to);

  const onFix = (finding: FddFinding) =>
    fix.mutate(
      { id: finding.id, version: finding.version },
      { onSuccess: () => void message.success(t('fdd.fix.sent')), onError: failed },
    );

  const onWorkOrder = (finding: FddFinding) =>
    makeWorkOrder.mutate(finding.id, {
      onSuccess: ({ workOrderId }) => {
        setWorkOrder({ findingId: finding.id, workOrderId });
        void message.success(t('fdd.workOrder.made', { id: workOrderId }));
      },
      onError: failed,
    });

  return (
    <Flex vertical gap="middle">
      <FddSummaryCards summary={summary.data} format={format} />
      <Card>
        <FindingFilters
          projectId={projectId}
          onSearch={(values) => {
            setFilters(values);
            setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
          }}
        />
      </Card>
      <Card>
        <Flex vertical gap="middle">
          <FindingTable
            rows={list.data?.rows ?? []}
            loading={list.isFetching}
            format={format}
            onDetail={(f) => setDetailId(f.id)}
          />
          <ListPagination
            total={list.data?.total ?? 0}
            {...paging}
            onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
          />
        </Flex>
      </Card>
      <FindingDrawer
        open={detailId !== null}
        finding={detail.data}
        format={format}
        fullWidth={phone}
        onClose={() => setDetailId(null)}
        actions={(finding) =>
          canWrite && (
            <FindingActions
              finding={finding}
              format={format}
              busy={transition.isPending || fix.isPending || makeWorkOrder.isPending}
              workOrderId={workOrder?.findingId === finding.id ? workOrder.workOrderId : finding.workOrderId}
              onMove={onMove}
              onFix={onFix}
              onWorkOrder={onWorkOrder}
            />
          )
        }
      />
      <DismissModal
        finding={dismissing}
        saving={transition.isPending}
        onCancel={() => setDismissing(null)}
        onSubmit={(finding, reason) => move(finding, 'dismissed', reason)}
      />
    </Flex>
  );
}
