import { useTranslation } from 'react-i18next';
import { ProjectPage } from '@/components/project-page';
import { Tabs } from '@/components/tabs';
import { useCurrentProject } from '@/lib/current-project';
import { FindingsPanel } from '../components/findings-panel';
import { RulesPanel } from '../components/rules-panel';

/**
 * /fdd (issue 38): fault detection of the current project. Findings: what the rules found wasting energy or
 * broken, priced and costliest first, each with its evidence and, for `faults:write`, its moves, one-click
 * fix and work order. Rules: each rule's switch and thresholds.
 */
export default function FddPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  return (
    <ProjectPage title={t('routes.faultFindings')} projectId={projectId}>
      {(projectId) => (
        <Tabs
          aria-label={t('fdd.sections')}
          destroyOnHidden
          items={[
            {
              key: 'findings',
              label: t('fdd.tabs.findings'),
              children: <FindingsPanel projectId={projectId} />,
            },
            { key: 'rules', label: t('fdd.tabs.rules'), children: <RulesPanel projectId={projectId} /> },
          ]}
        />
      )}
    </ProjectPage>
  );
}
