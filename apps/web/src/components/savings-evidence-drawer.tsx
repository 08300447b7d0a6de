import { Drawer, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DrawerScroll } from '@/components/scroll-region';
import { useProjectTime } from '@/lib/time';
import type { PowerState, SavingEvidence, SavingsEvidence } from '@sbuilding/shared';

/** A reported state in words: on or off, a light's level, an AC's mode, setpoint and room. */
function StateText({ state, category }: { state: PowerState; category: string }) {
  const { t } = useTranslation();
  const parts = [
    state.onOff === null
      ? t('savingsEvidence.unknown')
      : t(state.onOff ? 'savingsEvidence.on' : 'savingsEvidence.off'),
  ];
  if (category === 'light' && state.onOff && state.lightnessLevel !== null) {
    parts.push(t('savingsEvidence.level', { value: Math.round((state.lightnessLevel / 255) * 100) }));
  }
  if (category === 'ac' && state.onOff) {
    if (state.workMode)
      parts.push(t(`savingsEvidence.modes.${state.workMode}`, { defaultValue: state.workMode }));
    if (state.targetTemp !== null) parts.push(t('savingsEvidence.setpoint', { value: state.targetTemp }));
    if (state.roomTemp !== null) parts.push(t('savingsEvidence.room', { value: state.roomTemp }));
  }
  return <span>{parts.join(', ')}</span>;
}

/**
 * The evidence of an automation's savings (the scene's or the AC automation's detail): per device the state
 * it reported before the command and the lower one after, when, until when (and why it ended), the draws
 * and the difference, hours, the baseline it was held to (the share the device drew on comparable days, and
 * those days) and kWh in the period.
 */
export function SavingsEvidenceDrawer({
  title,
  open,
  onClose,
  data,
  loading,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  data: SavingsEvidence | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const formatTime = (iso: string | null) => times.format(iso);
  const columns: ColumnsType<SavingEvidence> = [
    { title: t('savingsEvidence.device'), dataIndex: 'deviceName', key: 'device' },
    {
      title: t('savingsEvidence.before'),
      key: 'before',
      render: (_, r) => <StateText state={r.before} category={r.category} />,
    },
    {
      title: t('savingsEvidence.after'),
      key: 'after',
      render: (_, r) => <StateText state={r.after} category={r.category} />,
    },
    {
      title: times.titled(t('savingsEvidence.reportedAt')),
      key: 'afterAt',
      render: (_, r) => formatTime(r.afterAt),
    },
    {
      title: times.titled(t('savingsEvidence.until')),
      key: 'until',
      render: (_, r) => `${formatTime(r.endAt)} ${t(`savingsEvidence.endReasons.${r.endReason}`)}`.trim(),
    },
    {
      title: t('savingsEvidence.watts'),
      key: 'watts',
      render: (_, r) =>
        t('savingsEvidence.wattsValue', { before: r.beforeWatts, after: r.afterWatts, saved: r.savedWatts }),
    },
    { title: t('savingsEvidence.hours'), dataIndex: 'hours', key: 'hours' },
    {
      title: t('savingsEvidence.baseline'),
      key: 'baseline',
      render: (_, r) => {
        const b = r.baseline;
        if (b.source === 'none') return t('savingsEvidence.baselineNone', { plain: b.plainKwh });
        const values = {
          share: Math.round(b.share * 100),
          plain: b.plainKwh,
          count: b.days.length,
          days: b.days.join(', '),
          devices: b.devices,
          keptFor: b.keptFor ?? '',
          keptAt: times.stamp(b.keptAt ?? null),
        };
        const days = b.workday ? 'Workdays' : 'RestDays';
        const source = b.source === 'zone' ? 'Zone' : b.source === 'kept' ? 'Kept' : '';
        return t(`savingsEvidence.baseline${source}${days}`, values);
      },
    },
    { title: t('savingsEvidence.kwh'), dataIndex: 'kwh', key: 'kwh' },
  ];
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={title}
      size="large"
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
      styles={{ body: { overflow: 'hidden' } }}
    >
      <DrawerScroll label={title}>
        {loading || !data ? (
          <div role="status">
            <Spin />
            <span className="sb-visually-hidden">{t('savingsEvidence.loading')}</span>
          </div>
        ) : (
          <>
            <Typography.Paragraph>
              {t('savingsEvidence.summary', {
                kwh: data.kwh,
                count: data.total,
                from: formatTime(data.from),
                to: times.stamp(data.to),
              })}
            </Typography.Paragraph>
            <Table<SavingEvidence>
              rowKey={(r) => `${r.deviceId}@${r.commandAt}`}
              aria-label={t('savingsEvidence.caption')}
              caption={<span className="sb-visually-hidden">{t('savingsEvidence.caption')}</span>}
              columns={columns}
              dataSource={data.rows}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              size="small"
            />
          </>
        )}
      </DrawerScroll>
    </Drawer>
  );
}
