import { useState } from 'react';
import { Alert, App, Button, Flex, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardGroup, CommandMethod } from '@sbuilding/shared';
import { RangeSlider } from '@/components/control-inputs';
import { useBoardCommand } from '@/components/board-commands';

interface GroupControlProps {
  groups: readonly BoardGroup[];
  canControl: boolean;
}

/**
 * Switches a light group at once (on, off, brightness). Each member's new state arrives over the socket;
 * the answer says 'Setting Success !', or the request client shows which members were not set.
 */
export function LightGroupControl({ groups, canControl }: GroupControlProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const command = useBoardCommand();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [level, setLevel] = useState<number | null>(null);
  const group = groups.find((g) => g.id === groupId) ?? null;
  if (groups.length === 0)
    return <Typography.Text type="secondary">{t('lighting.noGroups')}</Typography.Text>;

  const run = async (method: CommandMethod, params: Record<string, number | boolean>) => {
    if (!group) return;
    try {
      await command.mutateAsync({ groupId: group.id, method, params });
      message.success(t('devices.control.success'));
    } catch {
      // Shown by the request client (section 8).
    }
  };
  const disabled = !canControl || group === null || command.isPending;
  const lights = group?.category === 'light';
  return (
    <Flex vertical gap="small">
      <Space wrap>
        <Select<number>
          aria-label={t('lighting.group')}
          placeholder={t('lighting.chooseGroup')}
          style={{ minWidth: 220 }}
          value={groupId ?? undefined}
          onChange={setGroupId}
          options={groups.map((g) => ({
            value: g.id,
            label: t('lighting.groupOption', { name: g.name, count: g.memberCount }),
          }))}
        />
        {lights || group === null ? (
          <>
            <Button disabled={disabled} onClick={() => void run('setOnOff', { onOff: true })}>
              {t('lighting.groupOn')}
            </Button>
            <Button disabled={disabled} onClick={() => void run('setOnOff', { onOff: false })}>
              {t('lighting.groupOff')}
            </Button>
          </>
        ) : (
          <>
            <Button
              disabled={disabled}
              onClick={() => void run('setButtons', { left: true, mid: true, right: true })}
            >
              {t('lighting.groupOn')}
            </Button>
            <Button
              disabled={disabled}
              onClick={() => void run('setButtons', { left: false, mid: false, right: false })}
            >
              {t('lighting.groupOff')}
            </Button>
          </>
        )}
      </Space>
      {lights ? (
        <RangeSlider
          label={t('lighting.groupBrightness')}
          min={0}
          max={255}
          value={level}
          disabled={disabled}
          onSet={(v) => {
            setLevel(v);
            void run('setBrightness', { lightnessLevel: v });
          }}
        />
      ) : null}
      {canControl ? null : <Alert type="warning" showIcon title={t('lighting.noPermission')} />}
    </Flex>
  );
}
