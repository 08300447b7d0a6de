import { useState } from 'react';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { ProjectPage } from '@/components/project-page';
import { useCurrentProject } from '@/lib/current-project';
import { useSceneRuns } from '../api/list-scene-runs';
import { JobLogFilters, type JobLogFilterValues } from '../components/job-log-filters';
import { JobLogTable } from '../components/job-log-table';

/** /job/log: the scheduling log of the current project, every scene run and skip with its reason. */
export default function JobLogPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [filters, setFilters] = useState<JobLogFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const runs = useSceneRuns({ projectId: projectId ?? 0, ...filters, ...paging }, projectId !== null);

  return (
    <ProjectPage title={t('routes.jobLog')} projectId={projectId}>
      {() => (
        <>
          <Card>
            <JobLogFilters
              onSearch={(values) => {
                setFilters(values);
                setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
              }}
            />
          </Card>
          <Card>
            <Flex vertical gap="middle">
              <JobLogTable rows={runs.data?.rows ?? []} loading={runs.isFetching} />
              <ListPagination
                total={runs.data?.total ?? 0}
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
