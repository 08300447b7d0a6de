import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BillLevel, ShareLink } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import { useBillNodes } from '../api/bills';
import { useRevokeShare, useShares } from '../api/reports';
import { TAG_COLORS } from './report-helpers';
import { ShareForm } from './share-form';
import { ShareLinkModal } from './share-link-modal';

const STATUS_COLORS: Record<ShareLink['status'], string> = {
  active: TAG_COLORS.good,
  expired: TAG_COLORS.muted,
  revoked: TAG_COLORS.bad,
};

/** The project's share links: what each opens, its status and expiry, revoke; a new link shown once. */
export function SharesCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const shares = useShares(projectId);
  const nodes = useBillNodes(projectId);
  const revoke = useRevokeShare();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ShareLink | null>(null);
  const nodeName = (level: BillLevel | null, id: number | null) =>
    (nodes.data ?? []).find((n) => n.level === level && n.id === id)?.name ?? `#${id ?? ''}`;

  return (
    <Card
      title={t('energyReports.shares.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
          {t('energyReports.shares.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('energyReports.shares.intro')}</Typography.Paragraph>
      <Table<ShareLink>
        rowKey="id"
        size="small"
        loading={shares.isLoading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        dataSource={shares.data ?? []}
        locale={{ emptyText: <Empty description={t('energyReports.shares.empty')} /> }}
        columns={[
          { title: t('energyReports.shares.label'), dataIndex: 'label', render: (v: string) => v || '—' },
          {
            title: t('energyReports.shares.opens'),
            key: 'opens',
            render: (_: unknown, l) =>
              l.kind === 'report'
                ? t('energyReports.shares.opensReport', {
                    period: t(`energyReports.periods.${l.target.period ?? 'MONTH'}`),
                    date: l.target.anchor,
                  })
                : t('energyReports.shares.opensBill', {
                    place: nodeName(l.target.level, l.target.nodeId),
                    month: l.target.month,
                  }),
          },
          {
            title: t('energyReports.shares.status'),
            dataIndex: 'status',
            render: (v: ShareLink['status']) => (
              <Tag color={STATUS_COLORS[v]} variant="solid">
                {t(`energyReports.shares.statuses.${v}`)}
              </Tag>
            ),
          },
          {
            title: times.titled(t('energyReports.shares.expiresAt')),
            dataIndex: 'expiresAt',
            render: (v: string) => times.format(v),
          },
          {
            title: times.titled(t('energyReports.shares.createdAt')),
            dataIndex: 'createdAt',
            render: (v: string) => times.format(v),
          },
          {
            title: t('energyReports.actions'),
            key: 'actions',
            render: (_: unknown, l) =>
              l.status === 'active' ? (
                <Popconfirm
                  title={t('energyReports.shares.revokeConfirm')}
                  onConfirm={() =>
                    revoke.mutate(l.id, {
                      // Said once it is done: a status tag changing alone is easy to miss.
                      onSuccess: () => message.success(t('energyReports.shares.revoked')),
                    })
                  }
                >
                  <Button
                    size="small"
                    danger
                    aria-label={t('energyReports.shares.revokeOf', { name: l.label || `#${l.id}` })}
                  >
                    {t('energyReports.shares.revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <ShareForm projectId={projectId} open={open} onClose={() => setOpen(false)} onCreated={setCreated} />
      <ShareLinkModal link={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
