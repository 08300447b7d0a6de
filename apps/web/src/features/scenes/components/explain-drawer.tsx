import { Alert, Descriptions, Drawer, List, Space, Spin, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Scene, SceneExplanation } from '@sbuilding/shared';
import { useExplainScene } from '../api/scenes';
import { ResultIcon } from '@/components/result-icon';

function Holds({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {ok ? (
        <ResultIcon icon={CheckCircleOutlined} />
      ) : (
        <ResultIcon icon={CloseCircleOutlined} failed />
      )}
      <span>{t(ok ? 'scenes.explain.holds' : 'scenes.explain.fails')}</span>
    </Space>
  );
}

function valueText(value: SceneExplanation['conditions'][number]['value']): string {
  return Array.isArray(value) ? `[${value[0]}, ${value[1]}]` : String(value);
}

/** "What would happen now": each check and condition with what it read, and the commands; nothing sent. */
export function ExplainDrawer({ scene, onClose }: { scene: Scene | null; onClose: () => void }) {
  const { t } = useTranslation();
  const explain = useExplainScene(scene?.id ?? null);
  const data = explain.data;
  return (
    <Drawer
      open={scene !== null}
      onClose={onClose}
      title={t('scenes.explain.title', { name: scene?.name ?? '' })}
      size="large"
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
    >
      {explain.isFetching || !data ? (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('scenes.explain.loading')}</span>
        </div>
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Alert
            type={data.decision === 'run' ? 'success' : 'info'}
            title={
              data.decision === 'run'
                ? t('scenes.explain.wouldRun')
                : t('scenes.explain.wouldSkip', { reason: t(`jobLog.reasons.${data.reason ?? 'disabled'}`) })
            }
            description={t('scenes.explain.at', { date: data.localDate, time: data.localTime })}
          />
          <section aria-label={t('scenes.explain.checks')}>
            <Typography.Title level={3}>{t('scenes.explain.checks')}</Typography.Title>
            <Descriptions column={1} bordered size="small">
              {data.checks.map((c) => (
                <Descriptions.Item key={c.code} label={t(`scenes.checks.${c.code}`)}>
                  <Holds ok={c.ok} />
                </Descriptions.Item>
              ))}
            </Descriptions>
          </section>
          {data.conditions.length > 0 ? (
            <section aria-label={t('scenes.explain.conditions')}>
              <Typography.Title level={3}>{t('scenes.explain.conditions')}</Typography.Title>
              <List
                dataSource={data.conditions}
                renderItem={(c) => (
                  <List.Item>
                    <Space wrap>
                      <span>
                        {t(`scenes.properties.${c.property}`, { defaultValue: c.property })}{' '}
                        {t(`scenes.operators.${c.operator}`)} {valueText(c.value)}
                      </span>
                      <span>
                        {t('scenes.explain.live', { value: c.live ?? t('scenes.explain.unknown') })}
                      </span>
                      <Holds ok={c.holds} />
                    </Space>
                  </List.Item>
                )}
              />
            </section>
          ) : null}
          <section aria-label={t('scenes.explain.commands')}>
            <Typography.Title level={3}>{t('scenes.explain.commands')}</Typography.Title>
            <List
              dataSource={data.commands}
              locale={{ emptyText: t('scenes.explain.noCommands') }}
              renderItem={(c) => (
                <List.Item>
                  {c.deviceName}: {t(`controlLog.methods.${c.method}`, { defaultValue: c.method })}{' '}
                  {Object.entries(c.params)
                    .map(([k, v]) => `${t(`fields.${k}`, { defaultValue: k })} ${String(v)}`)
                    .join(', ')}
                </List.Item>
              )}
            />
          </section>
        </Space>
      )}
    </Drawer>
  );
}
