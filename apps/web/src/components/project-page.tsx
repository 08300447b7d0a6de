import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { NoProject } from './no-project';

interface ProjectPageProps {
  /** The page's heading (level 1); it shows with or without a project. */
  title: ReactNode;
  /** The current project (`useCurrentProject()`); null shows the empty state that points to the guide. */
  projectId: number | null;
  /** The page's content below the heading, once a project is chosen. */
  children: (projectId: number) => ReactNode;
}

/**
 * A page of the current project: its heading, then either its content or, before a project is chosen, the
 * empty state. One place for the layout and the empty state that every project page shares.
 */
export function ProjectPage({ title, projectId, children }: ProjectPageProps) {
  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} className="sb-page-title">
        {title}
      </Typography.Title>
      {projectId === null ? <NoProject /> : children(projectId)}
    </Flex>
  );
}
