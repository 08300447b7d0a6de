import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { pageSchema, PROJECT_LIST_FETCH, STORAGE_KEYS } from '@sbuilding/shared';
import { pageNavigation } from '@/lib/logout';
import { post } from '@/lib/request';
import { getProjectId, writeStored } from '@/lib/storage';

/** Only the two fields the selector shows; the projects feature owns the full row. */
const projectOption = z.object({ id: z.union([z.number(), z.string()]), projectName: z.string() });
const projectPage = pageSchema(projectOption);

export const NAVBAR_PROJECTS_KEY = ['navbar', 'projects'] as const;

/**
 * Silent: the list endpoint may not exist yet (or the server is down), and a selector the user did not
 * ask about must not raise an error notice. Failing or empty, it simply is not shown.
 */
export function fetchNavbarProjects() {
  return post<z.infer<typeof projectPage>>('/sbuilding/project/getList', PROJECT_LIST_FETCH, {
    silent: true,
    schema: projectPage,
  });
}

/** The project admin's project switch: stores the project id and reloads (spec section 4). */
export function ProjectSelect() {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: NAVBAR_PROJECTS_KEY, queryFn: fetchNavbarProjects, retry: false });
  const rows = data?.rows ?? [];
  if (rows.length === 0) return null;
  const current = getProjectId();
  const options = rows.map((p) => ({ value: String(p.id), label: p.projectName }));
  return (
    <Select<string>
      className="sb-project-select"
      aria-label={t('navbar.project')}
      placeholder={t('navbar.projectPlaceholder')}
      value={options.find((o) => o.value === current)?.value}
      options={options}
      popupMatchSelectWidth={false}
      onChange={(id) => {
        if (id === current) return;
        writeStored(STORAGE_KEYS.projectId, id);
        // Every screen reads the project at load; a reload is the one way to switch all of them at once.
        pageNavigation.reload();
      }}
    />
  );
}
