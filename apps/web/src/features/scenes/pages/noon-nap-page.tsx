import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { Link } from 'react-router';
import type { NoonNap } from '@sbuilding/shared';
import { ProjectPage } from '@/components/project-page';
import { useCurrentProject } from '@/lib/current-project';
import { useDeleteNoonNap, useEnableNoonNap, useNoonNapOptions, useNoonNaps } from '../api/noon-naps';
import { NoonNapForm } from '../components/noon-nap-form';

/**
 * /noonNap: the project's noon naps, scenes bound to its NAP work time. At the start the lights of the
 * chosen zones dim and their ACs sleep; at the end they are put back (the server's scheduler does it).
 */
export default function NoonNapPage() {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { modal, message } = App.useApp();
  const projectId = useCurrentProject();
  const naps = useNoonNaps(projectId);
  const options = useNoonNapOptions(projectId);
  const enable = useEnableNoonNap();
  const remove = useDeleteNoonNap();
  const [form, setForm] = useState<{ open: boolean; editing?: NoonNap }>({ open: false });

  const noNapTime = options.data !== undefined && options.data.napWorkTimes.length === 0;

  const confirmEnable = (nap: NoonNap, enabled: boolean) => {
    modal.confirm({
      title: t(enabled ? 'noonNap.enableTitle' : 'noonNap.disableTitle', { name: nap.name }),
      content: nap.napping && !enabled ? t('noonNap.disableWhileNapping') : undefined,
      okText: t(enabled ? 'scenes.enable' : 'scenes.disable'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await enable.mutateAsync({ id: nap.id, enabled });
          message.success(t(enabled ? 'noonNap.enabled' : 'noonNap.disabled', { name: nap.name }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };
  const confirmDelete = (nap: NoonNap) => {
    modal.confirm({
      title: t('noonNap.deleteTitle', { name: nap.name }),
      content: nap.napping ? t('noonNap.deleteWhileNapping') : undefined,
      okText: t('noonNap.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(nap.id);
          message.success(t('noonNap.deleted', { name: nap.name }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };

  const columns: ColumnsType<NoonNap> = [
    { title: t('noonNap.columns.name'), dataIndex: 'name' },
    {
      title: t('noonNap.columns.window'),
      dataIndex: 'window',
      render: (_, n) =>
        n.window ? (
          `${n.window.startTime}–${n.window.endTime}`
        ) : (
          <Typography.Text type="warning">{t('noonNap.noWindow')}</Typography.Text>
        ),
    },
    {
      title: t('noonNap.columns.zones'),
      dataIndex: 'zones',
      render: (_, n) => n.zones.map((z) => z.name).join(', '),
    },
    { title: t('noonNap.columns.dimLevel'), dataIndex: 'dimLevel' },
    {
      title: t('noonNap.columns.ac'),
      dataIndex: 'acAction',
      render: (_, n) =>
        n.acAction === 'sleep'
          ? t('noonNap.acSleepWith', { offset: n.sleepOffset })
          : t(`noonNap.acActions.${n.acAction}`),
    },
    {
      title: t('noonNap.columns.enabled'),
      dataIndex: 'enabled',
      render: (_, n) => (
        <Space>
          <Switch
            checked={n.enabled}
            aria-label={t('noonNap.enabledOf', { name: n.name })}
            onChange={(checked) => confirmEnable(n, checked)}
          />
          {n.napping && <Tag>{t('noonNap.napping')}</Tag>}
        </Space>
      ),
    },
    {
      title: times.titled(t('noonNap.columns.lastRun')),
      dataIndex: 'lastRun',
      render: (_, n) =>
        n.lastRun ? (
          <Space orientation="vertical" size={0}>
            <span>{times.format(n.lastRun.time)}</span>
            <span>
              {t(`jobLog.outcomes.${n.lastRun.outcome}`)}
              {n.lastRun.reason ? ` – ${t(`jobLog.reasons.${n.lastRun.reason}`)}` : ''}
            </span>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('scenes.neverRun')}</Typography.Text>
        ),
    },
    {
      title: t('noonNap.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, n) => (
        <Space>
          <Button
            size="small"
            aria-label={t('noonNap.editOf', { name: n.name })}
            disabled={options.data === undefined}
            onClick={() => setForm({ open: true, editing: n })}
          >
            {t('noonNap.editShort')}
          </Button>
          <Button
            size="small"
            danger
            aria-label={t('noonNap.deleteOf', { name: n.name })}
            onClick={() => confirmDelete(n)}
          >
            {t('noonNap.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <ProjectPage title={t('routes.noonNap')} projectId={projectId}>
      {(projectId) => (
        <>
          <Typography.Paragraph>{t('noonNap.intro')}</Typography.Paragraph>
          {noNapTime && (
            <Alert
              type="warning"
              showIcon
              title={t('noonNap.noNapWorkTime')}
              description={
                <span>
                  {t('noonNap.noNapWorkTimeHint')} <Link to="/project">{t('noonNap.editWorkTimes')}</Link>
                </span>
              }
            />
          )}
          <Card>
            <Flex vertical gap="middle">
              <Flex wrap gap="small" align="center" justify="space-between">
                <Button
                  type="primary"
                  disabled={options.data === undefined || noNapTime}
                  onClick={() => setForm({ open: true })}
                >
                  {t('noonNap.add')}
                </Button>
                <Link to="/job/log">{t('routes.jobLog')}</Link>
              </Flex>
              <Table<NoonNap>
                rowKey="id"
                aria-label={t('noonNap.tableCaption')}
                caption={<span className="sb-visually-hidden">{t('noonNap.tableCaption')}</span>}
                columns={columns}
                dataSource={naps.data?.rows ?? []}
                loading={naps.isFetching}
                pagination={false}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: <Empty description={t('noonNap.empty')} /> }}
              />
            </Flex>
          </Card>
          {options.data && (
            <NoonNapForm
              projectId={projectId}
              options={options.data}
              editing={form.editing}
              open={form.open}
              onClose={() => setForm({ open: false })}
            />
          )}
        </>
      )}
    </ProjectPage>
  );
}
