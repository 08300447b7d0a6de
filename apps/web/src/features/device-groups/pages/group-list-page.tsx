import { useState } from 'react';
import { App, Button, Card, Flex, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DeviceGroup } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/list-groups';
import { GroupFilters, type GroupFilterValues } from '../components/group-filters';
import { GroupTable } from '../components/group-table';
import { useCurrentProject } from '@/lib/current-project';
import { ProjectPage } from '@/components/project-page';

/** /deviceGroup: the project's device groups, filtered and paged; add, edit and delete. */
export function GroupListPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const projectId = useCurrentProject();
  const [filters, setFilters] = useState<GroupFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const groups = useGroups({ projectId: projectId ?? 0, ...filters, ...paging }, projectId !== null);
  const remove = useDeleteGroup();
  const rows = groups.data?.rows ?? [];
  const selected = rows.find((g) => g.id === selectedId) ?? null;

  const edit = (group: DeviceGroup) => navigate(`/group/edit?id=${group.id}`);
  const confirmDelete = (group: DeviceGroup) => {
    modal.confirm({
      title: t('deviceGroups.deleteTitle', { name: group.name }),
      content: t('deviceGroups.deleteConfirm'),
      okText: t('deviceGroups.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(group.id);
          message.success(t('deviceGroups.deleted', { name: group.name }));
          if (group.id === selectedId) setSelectedId(null);
          // The last row of a page went: show the page before it instead of an empty one.
          if (rows.length === 1 && paging.pageNum > 1) setPaging((p) => ({ ...p, pageNum: p.pageNum - 1 }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };
  /** Toolbar actions work on the selected row; without one, spec section 5's 'Please select one'. */
  const withSelected = (action: (group: DeviceGroup) => void) => () => {
    if (selected) action(selected);
    else message.warning(t('validation.selectOne'));
  };

  return (
    <ProjectPage title={t('routes.deviceGroup')} projectId={projectId}>
      {() => (
        <>
          <Card>
            <GroupFilters
              onSearch={(values) => {
                setFilters(values);
                setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
              }}
            />
          </Card>
          <Card>
            <Flex vertical gap="middle">
              <Space wrap>
                <Button
                  type="primary"
                  icon={<PlusOutlined aria-hidden />}
                  onClick={() => navigate('/group/add')}
                >
                  {t('deviceGroups.add')}
                </Button>
                <Button onClick={withSelected(edit)}>{t('deviceGroups.editSelected')}</Button>
                <Button danger onClick={withSelected(confirmDelete)}>
                  {t('deviceGroups.deleteSelected')}
                </Button>
              </Space>
              <GroupTable
                rows={rows}
                loading={groups.isFetching}
                selectedId={selected?.id ?? null}
                onSelect={(g) => setSelectedId(g.id)}
                onEdit={edit}
                onDelete={confirmDelete}
              />
              <ListPagination
                total={groups.data?.total ?? 0}
                {...paging}
                onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
              />
            </Flex>
          </Card>
        </>
      )}
    </ProjectPage>
  );
}

export default GroupListPage;
