import { Drawer, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Project } from '@sbuilding/shared';
import { CalendarPanel } from './calendar-panel';
import { WorkTimesTable } from './work-times-table';

interface ProjectCalendarDrawerProps {
  project: Project | undefined;
  canEdit: boolean;
  onClose: () => void;
}

/** "Calendar & work times" of one project. */
export function ProjectCalendarDrawer({ project, canEdit, onClose }: ProjectCalendarDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={project !== undefined}
      onClose={onClose}
      size="min(1100px, 100vw)"
      title={project ? t('projects.calendarTitle', { name: project.projectName }) : ''}
      destroyOnHidden
    >
      {project && (
        <>
          <CalendarPanel key={project.id} projectId={project.id} />
          <Divider />
          <WorkTimesTable projectId={project.id} canEdit={canEdit} />
        </>
      )}
    </Drawer>
  );
}
