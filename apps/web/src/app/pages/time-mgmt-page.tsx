import { Card, Divider } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ProjectPage } from '@/components/project-page';
import { Tabs } from '@/components/tabs';
import { CalendarPanel } from '@/features/projects/components/calendar-panel';
import { WorkTimesTable } from '@/features/projects/components/work-times-table';
import { sceneWeekKey } from '@/features/time-mgmt/api/get-scene-week';
import { WeekView } from '@/features/time-mgmt/components/week-view';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';

/**
 * /timeMgmt: the current project's week of timed scene runs, and its work times and calendar (the
 * projects feature's own table, form and year calendar), composed here because a feature does not import
 * another one.
 */
export default function TimeMgmtPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Work times are the project's (POST/PUT/DELETE /sbuilding/work/rest).
  const canEdit = useCan('projects:write');
  const projectId = useCurrentProject();

  return (
    <ProjectPage title={t('routes.timeMgmt')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <Tabs
              destroyOnHidden
              // Work times and holidays edited on the other tab change the week: read it again.
              onChange={(key) => {
                if (key === 'week') void queryClient.invalidateQueries({ queryKey: sceneWeekKey });
              }}
              items={[
                { key: 'week', label: t('timeMgmt.tabs.week'), children: <WeekView projectId={projectId} /> },
                {
                  key: 'calendar',
                  label: t('timeMgmt.tabs.calendar'),
                  children: (
                    <>
                      <WorkTimesTable projectId={projectId} canEdit={canEdit} />
                      <Divider />
                      <CalendarPanel projectId={projectId} />
                    </>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
    </ProjectPage>
  );
}
