import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Project } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useCan } from '@/lib/permissions';
import { useProjects } from '../api/list-projects';
import { ProjectCalendarDrawer } from '../components/project-calendar-drawer';
import { ProjectFilters, type ProjectFilter } from '../components/project-filters';
import { ProjectFormModal } from '../components/project-form-modal';
import { ProjectsTable } from '../components/projects-table';
import './projects-page.css';

/** /project: the tenant's projects with filters, paging, create, edit, delete and their calendars. */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const canCreate = useCan('projects:create');
  const canEdit = useCan('projects:write');
  const [filter, setFilter] = useState<ProjectFilter>({});
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const projects = useProjects({ ...page, ...filter });
  const [form, setForm] = useState<{ open: boolean; editing?: Project }>({ open: false });
  const [calendarOf, setCalendarOf] = useState<Project>();

  return (
    <section className="sb-page" aria-labelledby="sb-projects-title">
      <Typography.Title level={1} id="sb-projects-title" className="sb-page-title">
        {t('routes.projects')}
      </Typography.Title>
      <Card>
        <Flex vertical gap="middle">
          <ProjectFilters
            onSearch={(next) => {
              setFilter(next);
              setPage((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
            }}
          />
          {canCreate && (
            <div>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
                {t('projects.create')}
              </Button>
            </div>
          )}
          <ProjectsTable
            rows={projects.data?.rows ?? []}
            loading={projects.isFetching}
            canEdit={canEdit}
            onEdit={(project) => setForm({ open: true, editing: project })}
            onCalendar={setCalendarOf}
          />
          <ListPagination total={projects.data?.total ?? 0} page={page} onChange={setPage} />
        </Flex>
      </Card>
      <ProjectFormModal open={form.open} editing={form.editing} onClose={() => setForm({ open: false })} />
      <ProjectCalendarDrawer
        project={calendarOf}
        canEdit={canEdit}
        onClose={() => setCalendarOf(undefined)}
      />
    </section>
  );
}
