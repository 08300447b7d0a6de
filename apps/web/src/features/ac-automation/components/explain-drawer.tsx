import { Descriptions, Drawer, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { AcAutomation, AcAutomationExplanation } from '@sbuilding/shared';
import { useExplainAcAutomation } from '../api/ac-automations';

type T = (key: string, options?: Record<string, unknown>) => string;

function power(t: T, onOff: boolean | null): string {
  if (onOff === null) return t('acAutomation.explain.leave');
  return t(onOff ? 'acAutomation.explain.on' : 'acAutomation.explain.off');
}

const orUnknown = (t: T, value: number | null, unit = '') =>
  value === null ? t('acAutomation.explain.unknown') : `${Math.round(value * 10) / 10}${unit}`;

function Explanation({ data }: { data: AcAutomationExplanation }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { desired, inputs } = data;
  const yesNo = (v: boolean) => t(v ? 'acAutomation.explain.yes' : 'acAutomation.explain.no');
  return (
    <>
      <Typography.Paragraph>
        {t('acAutomation.explain.summary', {
          reason: t(`acAutomation.reasons.${desired.reason}`),
          time: data.localTime,
        })}
      </Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        bordered
        title={t('acAutomation.explain.wants')}
        items={[
          { key: 'power', label: t('acAutomation.explain.power'), children: power(t, desired.onOff) },
          {
            key: 'mode',
            label: t('fields.workMode'),
            children: desired.workMode ? t(`devices.options.workMode.${desired.workMode}`) : '-',
          },
          {
            key: 'temp',
            label: t('fields.setTemperature'),
            children: desired.targetTemp === null ? '-' : `${desired.targetTemp} °C`,
          },
          {
            key: 'fan',
            label: t('fields.fanSpeed'),
            children: desired.fanSpeed ? t(`devices.options.fanSpeed.${desired.fanSpeed}`) : '-',
          },
          {
            key: 'adjustments',
            label: t('acAutomation.explain.adjustments'),
            children:
              desired.adjustments.length === 0
                ? '-'
                : desired.adjustments.map((a) => t(`acAutomation.adjustments.${a}`)).join(', '),
          },
        ]}
      />
      <Descriptions
        column={1}
        size="small"
        bordered
        style={{ marginTop: 16 }}
        title={t('acAutomation.explain.read')}
        items={[
          { key: 'workday', label: t('acAutomation.explain.workday'), children: yesNo(data.workday) },
          { key: 'timing', label: t('acAutomation.explain.inTiming'), children: yesNo(inputs.inTiming) },
          { key: 'nap', label: t('acAutomation.explain.inNap'), children: yesNo(inputs.inNap) },
          {
            key: 'motion',
            label: t('acAutomation.explain.motionCount'),
            children: orUnknown(t, inputs.motionCount),
          },
          {
            key: 'vacant',
            label: times.titled(t('acAutomation.explain.vacantSince')),
            children: inputs.vacantSince
              ? times.format(inputs.vacantSince, 'dateTimeMinutes')
              : t('acAutomation.explain.notVacant'),
          },
          {
            key: 'outdoor',
            label: t('acAutomation.explain.outdoor'),
            children: orUnknown(t, inputs.outdoorTemp, ' °C'),
          },
          {
            key: 'room',
            label: t('acAutomation.explain.room'),
            children: orUnknown(t, inputs.roomTemp, ' °C'),
          },
        ]}
      />
    </>
  );
}

/** What an AC automation would do now, and what it read to decide; nothing is sent. */
export function ExplainDrawer({ config, onClose }: { config: AcAutomation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const explain = useExplainAcAutomation(config?.id ?? null);
  return (
    <Drawer
      open={config !== null}
      size="large"
      title={t('acAutomation.explain.title', { name: config?.targetName ?? '' })}
      onClose={onClose}
      destroyOnHidden
      closable={{ 'aria-label': t('common.close') }}
    >
      {explain.data ? <Explanation data={explain.data} /> : <Spin />}
    </Drawer>
  );
}
