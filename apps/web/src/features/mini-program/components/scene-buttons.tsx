import { useState } from 'react';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WxScene } from '@sbuilding/shared';
import { useRunWxScene } from '../api/run-wx-scene';

/**
 * The scenes offered in the building, one big button each. What a run did is said in a live region under
 * them (no toast to chase); a refusal is shown by the request client.
 */
export function SceneButtons({ scenes, onRan }: { scenes: readonly WxScene[]; onRan: () => void }) {
  const { t } = useTranslation();
  const run = useRunWxScene();
  const [said, setSaid] = useState('');
  if (scenes.length === 0) return null;
  const start = (scene: WxScene) => {
    setSaid('');
    run.mutate(scene.id, {
      onSuccess: (result) => {
        setSaid(
          result.outcome === 'ran'
            ? t('wxProgram.sceneRan', { name: scene.name })
            : t('wxProgram.sceneFailed', { name: scene.name, failed: result.failed, count: result.commands }),
        );
        onRan();
      },
    });
  };
  return (
    <section className="wx-card" aria-labelledby="wx-scenes-title">
      <Typography.Title level={2} id="wx-scenes-title" className="wx-card-title">
        {t('wxProgram.scenes')}
      </Typography.Title>
      <div className="wx-scenes">
        {scenes.map((scene) => (
          <Button
            key={scene.id}
            size="large"
            block
            loading={run.isPending && run.variables === scene.id}
            disabled={run.isPending}
            onClick={() => start(scene)}
          >
            {scene.name}
          </Button>
        ))}
      </div>
      <p className="wx-said" role="status" aria-live="polite">
        {said}
      </p>
    </section>
  );
}
