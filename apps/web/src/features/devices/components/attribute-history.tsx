import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { DEVICE_MODELS, type AttributeChange, type ModelId } from '@sbuilding/shared';
import { fieldValueText } from './field-value';
import { useKeyLabel } from '@/lib/key-label';

/** Who changed which parameter when, newest first. */
export function AttributeHistory({ model, history }: { model: ModelId; history: AttributeChange[] }) {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  const times = useProjectTime();
  const fieldOf = (key: string) => DEVICE_MODELS[model].attributes.find((f) => f.name === key);
  if (history.length === 0) return <Empty description={t('devices.attributes.noHistory')} />;
  return (
    <ol className="sb-history" aria-label={t('devices.attributes.history')}>
      {history.map((change, index) => (
        <li key={`${change.time}-${index}`}>
          <Typography.Text strong>
            {t('devices.attributes.changedBy', { user: change.userName, time: times.stamp(change.time) })}
          </Typography.Text>
          <ul>
            {change.changes.map((c) => (
              <li key={c.key}>
                {t('devices.attributes.change', {
                  field: keyLabel(c.key),
                  from: fieldValueText(t, fieldOf(c.key), c.from),
                  to: fieldValueText(t, fieldOf(c.key), c.to),
                })}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
