import { Alert, Descriptions, Drawer, List, Space, Spin, Typography } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { Scene, SceneExplanation } from '@sbuilding/shared';
import { useExplainScene } from '../api/scenes';
import { ResultIcon } from '@/components/result-icon';
import { DrawerScroll } from '@/components/scroll-region';
import { useParamsText } from '@/lib/params-text';

function Holds({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      {ok ? <ResultIcon icon={CheckCircleOutlined} /> : <ResultIcon icon={CloseCircleOutlined} failed />}
      <span>{t(ok ? 'scenes.explain.holds' : 'scenes.explain.fails')}</span>
    </Space>
  );
}

/** A detail's time ('at', 'since' come as unknown JSON), written by the project's time rule. */
function useFormatTime() {
  const times = useProjectTime();
  return (iso: unknown) => (typeof iso === 'string' ? times.format(iso) : '');
}

/** A target's status: what it would do, or why not, in words (with the gateway's name or the hand switch's time). */
function TargetStatus({ target }: { target: SceneExplanation['targets'][number] }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const ok = target.status === 'wouldSet' || target.status === 'alreadySet';
  const gateway = target.detail.gatewayName;
  return (
    <Space size={4}>
      {ok ? <ResultIcon icon={CheckCircleOutlined} /> : <ResultIcon icon={CloseCircleOutlined} failed />}
      <span>
        {t(`scenes.explain.status.${target.status}`, {
          gateway: typeof gateway === 'string' ? gateway : '',
          at: formatTime(target.detail.at),
        })}
      </span>
    </Space>
  );
}

function valueText(value: SceneExplanation['conditions'][number]['value']): string {
  return Array.isArray(value) ? `[${value[0]}, ${value[1]}]` : String(value);
}

/**
 * "What would happen now": each check and condition with what it read, whether a device trigger is armed,
 * each target device with what it would do or why not, and the commands it would send (a preview: opening
 * it sends nothing, and it says so once, above, so the list of commands does not read as a contradiction).
 */
export function ExplainDrawer({ scene, onClose }: { scene: Scene | null; onClose: () => void }) {
  const { t } = useTranslation();
  const paramsText = useParamsText();
  const formatTime = useFormatTime();
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
      styles={{ body: { overflow: 'hidden' } }}
    >
      <DrawerScroll label={t('scenes.explain.title', { name: scene?.name ?? '' })}>
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
                  : t('scenes.explain.wouldSkip', {
                      reason: t(`jobLog.reasons.${data.reason ?? 'disabled'}`),
                    })
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
            {data.trigger ? (
              <Alert
                type={data.trigger.armed ? 'success' : 'info'}
                title={t('scenes.explain.trigger')}
                description={
                  data.trigger.armed
                    ? t('scenes.explain.armed')
                    : // The run it names is the scene's last run (the list's "Last run"), not when the
                      // conditions began to hold.
                      t('scenes.explain.notArmed', {
                        ran: formatTime(data.trigger.lastRanAt),
                        since: formatTime(data.trigger.conditionsSince),
                      })
                }
              />
            ) : null}
            <section aria-label={t('scenes.explain.targets')}>
              <Typography.Title level={3}>{t('scenes.explain.targets')}</Typography.Title>
              <List
                dataSource={data.targets}
                locale={{ emptyText: t('scenes.explain.noTargets') }}
                renderItem={(target) => (
                  <List.Item>
                    <Space wrap>
                      <span>{target.deviceName}</span>
                      <TargetStatus target={target} />
                    </Space>
                  </List.Item>
                )}
              />
            </section>
            <section aria-label={t('scenes.explain.commands')}>
              <Typography.Title level={3}>
                {t(data.decision === 'run' ? 'scenes.explain.commands' : 'scenes.explain.commandsWhenRun')}
              </Typography.Title>
              <List
                dataSource={data.commands}
                locale={{ emptyText: t('scenes.explain.noCommands') }}
                renderItem={(c) => (
                  <List.Item>
                    {[
                      `${c.deviceName}: ${t(`controlLog.methods.${c.method}`, { defaultValue: c.method })}`,
                      paramsText(c.params),
                    ]
                      .filter((part) => part !== '')
                      .join(' · ')}
                  </List.Item>
                )}
              />
            </section>
          </Space>
        )}
      </DrawerScroll>
    </Drawer>
  );
}
