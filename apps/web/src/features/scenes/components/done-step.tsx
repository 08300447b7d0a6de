import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConditionValues, WizardValues } from './wizard-values';
import { useParamsText } from '@/lib/params-text';

/** Step 4: what will be saved, in words. */
export function DoneStep({ values }: { values: WizardValues }) {
  const { t } = useTranslation();
  const paramsText = useParamsText();
  const none = t('sceneWizard.none');
  const condition = (c: ConditionValues) => {
    const range = c.operator === 'within' || c.operator === 'notWithin';
    const value = range ? `[${c.low ?? '?'}, ${c.high ?? '?'}]` : String(c.value ?? '?');
    return [
      c.property ? t(`scenes.properties.${c.property}`) : '?',
      c.operator ? t(`scenes.operators.${c.operator}`) : '?',
      value,
    ].join(' ');
  };
  const limit = (v: number | null, unit: string) => (v ? `${v}${unit ? ` ${unit}` : ''}` : none);
  const items = [
    { key: 'name', label: t('fields.name'), children: values.name },
    {
      key: 'enabled',
      label: t('fields.enabled'),
      children: values.enabled ? t('sceneWizard.yes') : t('sceneWizard.no'),
    },
    {
      key: 'miniProgram',
      label: t('fields.miniProgram'),
      children: values.miniProgram ? t('sceneWizard.yes') : t('sceneWizard.no'),
    },
    {
      key: 'dates',
      label: t('sceneWizard.effectiveDates'),
      children: `${values.effectiveStart?.format('YYYY-MM-DD') ?? '…'} – ${values.effectiveEnd?.format('YYYY-MM-DD') ?? '…'}`,
    },
    {
      key: 'trigger',
      label: t('fields.triggerType'),
      children: t(`scenes.triggerTypes.${values.triggerType}`),
    },
  ];
  if (values.triggerType === 'timing' || values.triggerType === 'hybrid') {
    items.push(
      { key: 'times', label: t('fields.executionTimes'), children: values.executionTimes.join(', ') || none },
      {
        key: 'weekdays',
        label: t('fields.weekdays'),
        children: values.weekdays.map((d) => t(`sceneWizard.weekdays.${d}`)).join(', ') || none,
      },
    );
  }
  if (values.conditions.length > 0 && values.triggerType !== 'manual' && values.triggerType !== 'timing') {
    items.push({
      key: 'conditions',
      label: `${t('fields.conditions')} (${t(`sceneWizard.relationships.${values.relationship}`)})`,
      children: values.conditions.map(condition).join('; '),
    });
  }
  if (values.triggerType !== 'manual') {
    items.push(
      {
        key: 'aux',
        label: t('fields.auxiliaryCondition'),
        children: t(`sceneWizard.aux.${values.auxiliaryCondition}`),
      },
      {
        key: 'range',
        label: t('fields.timeRange'),
        children:
          values.timeRangeStart || values.timeRangeEnd
            ? `${values.timeRangeStart}–${values.timeRangeEnd}`
            : none,
      },
      { key: 'max', label: t('fields.maxExecuteCount'), children: limit(values.maxExecuteCount, '') },
      {
        key: 'repeat',
        label: t('fields.repeatIntervalMinutes'),
        children: limit(values.repeatIntervalMinutes, 'min'),
      },
      {
        key: 'vacant',
        label: t('fields.vacantTimeoutMinutes'),
        children: limit(values.vacantTimeoutMinutes, 'min'),
      },
      {
        key: 'manual',
        label: t('fields.manualTimeoutMinutes'),
        children: limit(values.manualTimeoutMinutes, 'min'),
      },
      { key: 'delay', label: t('fields.preDelaySeconds'), children: limit(values.preDelaySeconds, 's') },
    );
  }
  items.push(
    {
      key: 'targets',
      label: t('fields.targets'),
      children: values.targets.map((x) => x.name || `#${x.id}`).join(', '),
    },
    {
      key: 'actions',
      label: t('fields.actions'),
      children: values.actions
        .map((a) => {
          const params = paramsText(a.params ?? {});
          const method = a.method ? t(`controlLog.methods.${a.method}`) : '?';
          return params ? `${method}: ${params}` : method;
        })
        .join('; '),
    },
  );
  return <Descriptions bordered column={1} size="small" title={t('sceneWizard.summary')} items={items} />;
}
