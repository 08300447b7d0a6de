import { Button, Card, Empty, Form, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_TIME_ZONE,
  DICT_TYPES,
  PROJECT_LIST_FETCH,
  projectFormSchema,
  STORAGE_KEYS,
} from '@sbuilding/shared';
import { DictTag } from '@/components/dict-tag';
import { pageNavigation } from '@/lib/logout';
import { useCan } from '@/lib/permissions';
import { writeStored } from '@/lib/storage';
import { useCreateProject } from '../api/create-project';
import { useProjects } from '../api/list-projects';
import { ProjectFormFields, type ProjectValues } from './project-form-fields';
import './project-guide.css';

/** Stores the project the console works in and reloads at home, so every screen reads it (spec section 4). */
export function selectProject(id: number): void {
  writeStored(STORAGE_KEYS.projectId, id);
  pageNavigation.assign('/');
}

/**
 * The guide's body: the user's projects to pick from, or a form creating the first one for whoever may
 * create projects (a customer or display screen without projects is told who creates them instead).
 */
export function ProjectGuide() {
  const { t } = useTranslation();
  const projects = useProjects(PROJECT_LIST_FETCH);
  const canCreate = useCan('projects:create');
  if (projects.isLoading) return <Skeleton active />;
  // The request client has said what went wrong; a creation form would suggest there are no projects.
  if (projects.isError) return <Empty description={t('projects.guide.loadFailed')} />;
  const rows = projects.data?.rows ?? [];
  if (rows.length === 0)
    return canCreate ? <FirstProjectForm /> : <Empty description={t('projects.guide.noneToRead')} />;
  return (
    <List
      className="sb-guide-projects"
      aria-label={t('projects.guide.listLabel')}
      dataSource={rows}
      renderItem={(project) => (
        <List.Item
          actions={[
            <Button
              key="use"
              type="primary"
              aria-label={t('projects.guide.useNamed', { name: project.projectName })}
              onClick={() => selectProject(project.id)}
            >
              {t('projects.guide.use')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <span>
                {project.projectName} <DictTag type={DICT_TYPES.projectStatus} value={project.status} />
              </span>
            }
            description={project.address}
          />
        </List.Item>
      )}
    />
  );
}

function FirstProjectForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectValues>();
  const create = useCreateProject();

  const onFinish = async (values: ProjectValues) => {
    const parsed = projectFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      const project = await create.mutateAsync(parsed.data);
      selectProject(project.id);
    } catch {
      // The request client showed the server's message; the form keeps what was typed.
    }
  };

  return (
    <Card size="small" className="sb-guide-create">
      <Empty description={t('projects.guide.none')} />
      <Typography.Title level={2} className="sb-section-title">
        {t('projects.create')}
      </Typography.Title>
      <Form<ProjectValues>
        form={form}
        name="firstProject"
        layout="vertical"
        initialValues={{ status: 'new', timeZone: DEFAULT_TIME_ZONE }}
        onFinish={(v) => void onFinish(v)}
      >
        <ProjectFormFields />
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          {t('projects.create')}
        </Button>
      </Form>
    </Card>
  );
}
