import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_FDD_STATUSES, type FddFinding, type FddStatus } from '@sbuilding/shared';
import { useKeyLabel } from '@/lib/key-label';

const STATUS_COLORS: Record<FddStatus, string> = {
  open: 'red',
  acknowledged: 'gold',
  fixed: 'green',
  dismissed: 'default',
};

export function StatusTag({ status }: { status: FddStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`fdd.statuses.${status}`)}</Tag>;
}

/** Whether a person sent the fix and the rule has not yet seen the fault clear. */
export function isChecking(finding: Pick<FddFinding, 'fixRequestedAt' | 'status'>): boolean {
  return finding.fixRequestedAt !== null && ACTIVE_FDD_STATUSES.includes(finding.status);
}

/** "Fix sent, checking…" while the rule checks a sent fix. */
export function CheckingTag({ finding }: { finding: Pick<FddFinding, 'fixRequestedAt' | 'status'> }) {
  const { t } = useTranslation();
  return isChecking(finding) ? <Tag color="processing">{t('fdd.checking')}</Tag> : null;
}

/** Building / zone as people read them, as far as they are known. */
export function placeOf(finding: Pick<FddFinding, 'buildingName' | 'zoneName'>): string {
  return [finding.buildingName, finding.zoneName].filter(Boolean).join(' / ');
}

/** What the one-click fix sends, in words: "Switch off", "Set to 24 °C", else the reading's name and value. */
export function useFixLabel(): (fix: NonNullable<FddFinding['fix']>) => string {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  return ({ key, value }) => {
    if (key === 'onOff' && typeof value === 'boolean') return t(value ? 'fdd.fix.on' : 'fdd.fix.off');
    if (key === 'targetTemp' && typeof value === 'number') return t('fdd.fix.targetTemp', { value });
    return t('fdd.fix.other', { key: keyLabel(key), value: String(value) });
  };
}
