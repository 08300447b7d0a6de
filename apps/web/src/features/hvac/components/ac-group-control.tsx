import { useState } from 'react';
import { Alert, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardGroup } from '@sbuilding/shared';
import { AcControl } from './ac-controls';

interface AcGroupControlProps {
  groups: readonly BoardGroup[];
  canControl: boolean;
  /** Whether every unit on the board has auto mode (a group of ac20s has not). */
  supportsAuto: boolean;
}

/** Sets every unit of an AC group at once: on/off, mode, fan speed, setpoint. */
export function AcGroupControl({ groups, canControl, supportsAuto }: AcGroupControlProps) {
  const { t } = useTranslation();
  const [groupId, setGroupId] = useState<number | null>(null);
  const group = groups.find((g) => g.id === groupId) ?? null;
  if (groups.length === 0) return <Typography.Text type="secondary">{t('hvac.noGroups')}</Typography.Text>;
  if (!canControl) return <Alert type="warning" showIcon title={t('hvac.noPermission')} />;
  const common = {
    name: group?.name ?? '',
    target: { groupId: group?.id ?? 0 },
    value: { onOff: null, workMode: null, fanSpeed: null, targetTemp: null },
    supportsAuto,
    canControl: group !== null,
  };
  return (
    <Flex wrap gap="middle" align="center">
      <Select<number>
        aria-label={t('hvac.group')}
        placeholder={t('hvac.chooseGroup')}
        style={{ minWidth: 220 }}
        value={groupId ?? undefined}
        onChange={setGroupId}
        options={groups.map((g) => ({
          value: g.id,
          label: t('hvac.groupOption', { name: g.name, count: g.memberCount }),
        }))}
      />
      {group ? (
        <>
          <AcControl key={`on-${group.id}`} control="onOff" {...common} />
          <AcControl key={`mode-${group.id}`} control="workMode" {...common} />
          <AcControl key={`fan-${group.id}`} control="fanSpeed" {...common} />
          <AcControl key={`temp-${group.id}`} control="targetTemp" {...common} />
        </>
      ) : null}
    </Flex>
  );
}
