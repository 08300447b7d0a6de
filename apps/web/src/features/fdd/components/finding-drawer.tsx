import type { ReactNode } from 'react';
import { Descriptions, Drawer, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FddFinding } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import type { FddFormat } from './fdd-format';
import { CheckingTag, placeOf, StatusTag } from './fdd-labels';
import { FindingEvidence } from './finding-evidence';
import { FindingHistory } from './finding-history';

export interface FindingDrawerProps {
  finding: FddFinding | undefined;
  open: boolean;
  format: FddFormat;
  /** The actions for whoever may act on findings; nothing for those who only read. */
  actions: (finding: FddFinding) => ReactNode;
  onClose: () => void;
  /** On a phone the drawer takes the whole width. */
  fullWidth?: boolean;
}

/**
 * One finding: what its rule looks for in one plain sentence, its status and the actions, where and since
 * when, what it has wasted, the evidence, and the device's readings of the last day.
 */
export function FindingDrawer({
  finding,
  open,
  format,
  actions,
  onClose,
  fullWidth = false,
}: FindingDrawerProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const title = finding
    ? t('fdd.drawerTitle', { rule: t(`fdd.rules.${finding.rule}.name`), device: finding.deviceName })
    : t('fdd.detail');
  const heading = (text: string) => (
    <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
      {text}
    </Typography.Title>
  );
  return (
    <Drawer open={open} onClose={onClose} title={title} size={fullWidth ? '100%' : 'large'}>
      {!finding ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="middle">
          <Typography.Paragraph style={{ margin: 0 }}>
            {t(`fdd.rules.${finding.rule}.explain`)}
          </Typography.Paragraph>
          {actions(finding)}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('fdd.columns.status')}>
              <Flex gap={4} wrap>
                <StatusTag status={finding.status} />
                <CheckingTag finding={finding} />
                {finding.status === 'fixed' && finding.clearedByRule && <span>{t('fdd.clearedByRule')}</span>}
              </Flex>
            </Descriptions.Item>
            {finding.reason && (
              <Descriptions.Item label={t('fdd.reason')}>{finding.reason}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('fdd.columns.device')}>{finding.deviceName}</Descriptions.Item>
            <Descriptions.Item label={t('fdd.columns.place')}>{placeOf(finding) || '-'}</Descriptions.Item>
            <Descriptions.Item label={times.titled(t('fdd.columns.firstSeen'))}>
              {format.time(finding.firstSeen)}
            </Descriptions.Item>
            <Descriptions.Item label={times.titled(t('fdd.columns.lastSeen'))}>
              {format.time(finding.lastSeen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('fdd.columns.perDay')}>
              {`${format.kwh(finding.wasteKwhPerDay)} · ${format.money(finding.wasteCostPerDay)}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('fdd.wasteSoFar')}>
              {`${format.kwh(finding.wasteKwh)} · ${format.money(finding.wasteCost)} · ${format.co2(finding.wasteCo2)}`}
            </Descriptions.Item>
          </Descriptions>
          {heading(t('fdd.evidence.title'))}
          <FindingEvidence evidence={finding.evidence} format={format} />
          <FindingHistory finding={finding} heading={heading(t('fdd.history.title'))} />
        </Flex>
      )}
    </Drawer>
  );
}
