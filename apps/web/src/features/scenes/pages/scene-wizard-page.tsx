import { useState } from 'react';
import { Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { Scene, SceneTriggerType } from '@sbuilding/shared';
import { NoProject } from '@/components/no-project';
import { ReadOnlyNotice } from '@/components/read-only-notice';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { useScene } from '../api/get-scene';
import { SceneSaved, SceneWizard } from '../components/scene-wizard';
import { blankValues, valuesFromScene } from '../components/wizard-values';

function idOf(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** The add pages and the trigger type each presets (spec section 2): a schedule times, a linkage a device. */
const ADD_PAGES: Readonly<Record<string, { title: string; preset?: SceneTriggerType }>> = {
  '/scenes/add': { title: 'routes.scenesAdd' },
  '/schedule/add': { title: 'routes.scheduleAdd', preset: 'timing' },
  '/linkage/add': { title: 'routes.linkageAdd', preset: 'device' },
};

/**
 * /scenes/add, /schedule/add, /linkage/add and /scenes/edit?id=: the scene wizard. Whoever reads the project
 * but may not change scenes (customers, display screens on the add pages) turns its steps read-only, and is
 * told why.
 */
export default function SceneWizardPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const projectId = useCurrentProject();
  const editing = pathname === '/scenes/edit';
  const id = editing ? idOf(params.get('id')) : null;
  const scene = useScene(id);
  const [saved, setSaved] = useState<Scene | null>(null);
  const canWrite = useCan('automation:write');
  const add = ADD_PAGES[pathname] ?? ADD_PAGES['/scenes/add'];
  const title = editing ? t('routes.scenesEdit') : t(add?.title ?? 'routes.scenesAdd');

  const body = () => {
    if (projectId === null) return <NoProject />;
    if (saved) return <SceneSaved scene={saved} />;
    if (editing && id === null) return <Empty description={t('sceneWizard.notFound')} />;
    if (id !== null && scene.isLoading)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('sceneWizard.loading')}</span>
        </div>
      );
    if (id !== null && !scene.data) return <Empty description={t('sceneWizard.notFound')} />;
    // A reloaded scene (after a refused stale save) starts the wizard again from its fresh values.
    return (
      <SceneWizard
        key={scene.data ? `${scene.data.id}-${scene.data.version}` : pathname}
        projectId={projectId}
        scene={scene.data ?? null}
        initialValues={scene.data ? valuesFromScene(scene.data) : blankValues(add?.preset)}
        readOnly={!canWrite}
        onSaved={setSaved}
      />
    );
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} className="sb-page-title">
        {title}
      </Typography.Title>
      {canWrite ? null : (
        <ReadOnlyNotice reason={t(editing ? 'sceneWizard.readOnly' : 'sceneWizard.readOnlyAdd')} />
      )}
      <Card>{body()}</Card>
    </Flex>
  );
}
