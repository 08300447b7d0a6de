import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MaintenancePlan, WorkOrderAssignee } from '@sbuilding/shared';
import { RequestError } from '@/lib/request';
import { useCreatePlan, useDeletePlan, useMaintenancePlans, useSavePlan } from '../api/work-order-admin';
import { PlanFormModal, type PlanValues } from './plan-form-modal';
import { PlansTable } from './plans-table';

/** The project's maintenance plans, made, changed and deleted by its administrator. */
export function MaintenancePlans({
  projectId,
  assignees,
}: {
  projectId: number;
  assignees: readonly WorkOrderAssignee[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const plans = useMaintenancePlans(projectId, true);
  const create = useCreatePlan();
  const save = useSavePlan();
  const remove = useDeletePlan();
  // undefined: closed; null: a new plan; a plan: that one.
  const [editing, setEditing] = useState<MaintenancePlan | null | undefined>(undefined);

  const done = () => {
    setEditing(undefined);
    message.success(t('common.savedOk'));
  };
  const submit = (values: PlanValues) => {
    if (editing) {
      save.mutate(
        { id: editing.id, body: { ...values, version: editing.version } },
        {
          onSuccess: done,
          onError: (error) => {
            const stale = error instanceof RequestError && error.code === 409;
            message.error(stale ? t('workOrders.plans.changed') : error.message);
            if (stale) setEditing(undefined);
          },
        },
      );
    } else create.mutate({ projectId, ...values }, { onSuccess: done });
  };

  return (
    <Flex vertical gap="middle">
      <Flex justify="end">
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('workOrders.plans.create')}
        </Button>
      </Flex>
      <PlansTable
        plans={plans.data ?? []}
        loading={plans.isFetching}
        assignees={assignees}
        onEdit={setEditing}
        onDelete={(plan) =>
          remove.mutate(plan.id, { onSuccess: () => message.success(t('workOrders.plans.deleted')) })
        }
      />
      <PlanFormModal
        open={editing !== undefined}
        projectId={projectId}
        plan={editing ?? undefined}
        assignees={assignees}
        saving={create.isPending || save.isPending}
        onCancel={() => setEditing(undefined)}
        onSubmit={submit}
      />
    </Flex>
  );
}
