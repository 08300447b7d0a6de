import { useState } from 'react';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useControlLog } from '../api/list-control-log';
import { ControlLogFilters, type ControlLogFilterValues } from '../components/control-log-filters';
import { ControlLogTable } from '../components/control-log-table';
import { useCurrentProject } from '@/lib/current-project';
import { ProjectPage } from '@/components/project-page';

/** /board/controlLog: every command and device-side change of the current project, filtered and paged. */
export default function ControlLogPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [filters, setFilters] = useState<ControlLogFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const log = useControlLog({ projectId: projectId ?? 0, ...filters, ...paging }, projectId !== null);

  return (
    <ProjectPage title={t('routes.controlLog')} projectId={projectId}>
      {() => (
        <>
          <Card>
            <ControlLogFilters
              onSearch={(values) => {
                setFilters(values);
                setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
              }}
            />
          </Card>
          <Card>
            <Flex vertical gap="middle">
              <ControlLogTable rows={log.data?.rows ?? []} loading={log.isFetching} />
              <ListPagination
                total={log.data?.total ?? 0}
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
