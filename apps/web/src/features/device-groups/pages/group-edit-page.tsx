import { Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useGroup } from '../api/get-group';
import { GroupForm } from '../components/group-form';
import { useCurrentProject } from '@/lib/current-project';
import { useCan } from '@/lib/permissions';
import { NoProject } from '@/components/no-project';
import { ReadOnlyNotice } from '@/components/read-only-notice';

function idOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /group/add and /group/edit?id=: a group's form; saving or cancelling goes back to the list. Whoever reads
 * devices but may not change them (customers, display screens) sees the form read-only, and why.
 */
export function GroupEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = useCurrentProject();
  const id = idOf(params.get('id'));
  const group = useGroup(id);
  const canWrite = useCan('devices:write');
  const back = () => navigate('/deviceGroup');
  const title = id === null ? t('routes.groupAdd') : t('routes.groupEdit');

  const body = () => {
    if (projectId === null) return <NoProject />;
    if (id !== null && group.isLoading)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('deviceGroups.loading')}</span>
        </div>
      );
    if (id !== null && !group.data) return <Empty description={t('deviceGroups.notFound')} />;
    // A reloaded group (after a refused stale save) starts the form again from its fresh values.
    return (
      <GroupForm
        key={group.data ? `${group.data.id}-${group.data.version}` : 'new'}
        projectId={projectId}
        group={group.data ?? null}
        readOnly={!canWrite}
        onDone={back}
      />
    );
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} className="sb-page-title">
        {title}
      </Typography.Title>
      {canWrite ? null : (
        <ReadOnlyNotice reason={t(id === null ? 'deviceGroups.readOnlyAdd' : 'deviceGroups.readOnly')} />
      )}
      <Card>{body()}</Card>
    </Flex>
  );
}

export default GroupEditPage;
