import { Alert, Button, Flex, Typography } from 'antd';
import { ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACTIVE_FDD_STATUSES, fddMoves, type FddFinding, type FddStatus } from '@sbuilding/shared';
import type { FddFormat } from './fdd-format';
import { isChecking, useFixLabel } from './fdd-labels';

export interface FindingActionsProps {
  finding: FddFinding;
  format: FddFormat;
  busy: boolean;
  /** The work order made from the finding in this drawer (the finding does not say it). */
  workOrderId: number | null;
  /** A move the finding's status allows; dismissing asks for the reason first. */
  onMove: (finding: FddFinding, to: FddStatus) => void;
  onFix: (finding: FddFinding) => void;
  onWorkOrder: (finding: FddFinding) => void;
}

/**
 * What a person may do with the finding (for `faults:write` only): the moves its status allows, the one-click
 * fix (what it sends, in words) while the fault holds, and a work order. A sent fix shows "checking" until the
 * rule sees the fault clear.
 */
export function FindingActions({
  finding,
  format,
  busy,
  workOrderId,
  onMove,
  onFix,
  onWorkOrder,
}: FindingActionsProps) {
  const { t } = useTranslation();
  const fixLabel = useFixLabel();
  const moveLabel = (to: FddStatus) =>
    to === 'open' && finding.status === 'acknowledged' ? t('fdd.moveTo.backToOpen') : t(`fdd.moveTo.${to}`);
  const active = ACTIVE_FDD_STATUSES.includes(finding.status);
  return (
    <Flex vertical gap="small">
      {isChecking(finding) && (
        <Alert
          type="info"
          showIcon
          title={t('fdd.checkingSince', { time: format.time(finding.fixRequestedAt) })}
        />
      )}
      <Flex gap="small" wrap role="group" aria-label={t('fdd.actions')}>
        {finding.fix && active && (
          <Button
            type="primary"
            icon={<ThunderboltOutlined aria-hidden />}
            loading={busy}
            onClick={() => onFix(finding)}
          >
            {fixLabel(finding.fix)}
          </Button>
        )}
        {fddMoves(finding.status).map((to) => (
          <Button key={to} loading={busy} onClick={() => onMove(finding, to)}>
            {moveLabel(to)}
          </Button>
        ))}
        <Button icon={<ToolOutlined aria-hidden />} loading={busy} onClick={() => onWorkOrder(finding)}>
          {t('fdd.workOrder.make')}
        </Button>
      </Flex>
      {finding.fix && active && <Typography.Text type="secondary">{t('fdd.fix.hint')}</Typography.Text>}
      {workOrderId !== null && <Link to="/workorder">{t('fdd.workOrder.link', { id: workOrderId })}</Link>}
    </Flex>
  );
}
