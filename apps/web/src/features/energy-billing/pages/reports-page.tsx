import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { CopyOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BILL_LEVELS,
  expiryPassed,
  LANGS,
  REPORT_FREQUENCIES,
  REPORT_PERIODS,
  REPORT_RUN_ATTEMPTS,
  reportScheduleFormSchema,
  SHARE_KINDS,
  type BillLevel,
  type Lang,
  type ReportFrequency,
  type ReportPeriod,
  type ReportSchedule,
  type ReportSend,
  type ShareKind,
  type ShareLink,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { NoProject } from '@/components/no-project';
import { validationMessage, zodField } from '@/lib/form-rules';
import { currentProjectId } from '@/lib/storage';
import { useProjectTime } from '@/lib/time';
import { useBillNodes } from '../api/bills';
import {
  useCreateShare,
  useDeleteSchedule,
  useReportChannels,
  useRevokeShare,
  useSaveSchedule,
  useSchedules,
  useSendNow,
  useSends,
  useShares,
} from '../api/reports';

interface ScheduleValues {
  name?: string;
  frequency?: ReportFrequency;
  hour?: number;
  includeReport?: boolean;
  includeBills?: boolean;
  channelIds?: number[];
  lang?: Lang;
  enabled?: boolean;
}

const NEW_SCHEDULE: ScheduleValues = {
  name: '',
  frequency: 'monthly',
  hour: 8,
  includeReport: true,
  includeBills: false,
  channelIds: [],
  lang: 'EN',
  enabled: true,
};

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function ScheduleForm({
  projectId,
  editing,
  open,
  onClose,
}: {
  projectId: number;
  editing: ReportSchedule | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ScheduleValues>();
  const channels = useReportChannels(projectId);
  const save = useSaveSchedule();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ?? NEW_SCHEDULE);
  }, [open, editing, form]);

  const onFinish = async (values: ScheduleValues) => {
    const parsed = reportScheduleFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      await save.mutateAsync(
        editing
          ? { ...parsed.data, projectId, id: editing.id, version: editing.version }
          : { ...parsed.data, projectId },
      );
      message.success(t(editing ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch (error) {
      message.error(errorText(error));
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t(editing ? 'energyReports.schedules.edit' : 'energyReports.schedules.add')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<ScheduleValues>
        form={form}
        name="scheduleForm"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item
          label={t('energyReports.schedules.name')}
          {...zodField(reportScheduleFormSchema, 'name', t('energyReports.schedules.name'))}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('energyReports.schedules.frequency')} name="frequency">
          <Radio.Group
            options={REPORT_FREQUENCIES.map((value) => ({
              value,
              label: t(`energyReports.frequencies.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t('energyReports.schedules.hour')}
          extra={t('energyReports.schedules.hourHelp')}
          {...zodField(reportScheduleFormSchema, 'hour', t('energyReports.schedules.hour'))}
        >
          <InputNumber min={0} max={23} precision={0} />
        </Form.Item>
        <Form.Item
          name="includeReport"
          valuePropName="checked"
          dependencies={['includeBills']}
          rules={[
            (f) => ({
              validator: async (_r, value: boolean) => {
                if (!value && !f.getFieldValue('includeBills'))
                  throw new Error(validationMessage('reportContents', 'includeReport'));
              },
            }),
          ]}
        >
          <Checkbox>{t('energyReports.schedules.includeReport')}</Checkbox>
        </Form.Item>
        <Form.Item name="includeBills" valuePropName="checked">
          <Checkbox>{t('energyReports.schedules.includeBills')}</Checkbox>
        </Form.Item>
        <Form.Item
          label={t('energyReports.schedules.channels')}
          extra={t('energyReports.schedules.channelsHelp')}
          {...zodField(reportScheduleFormSchema, 'channelIds', t('energyReports.schedules.channels'))}
        >
          <Select
            mode="multiple"
            aria-label={t('energyReports.schedules.channels')}
            loading={channels.isLoading}
            notFoundContent={t('energyReports.schedules.noChannels')}
            options={(channels.data ?? []).map((c) => ({
              value: c.id,
              label: `${c.name} (${t(`notifications.kinds.${c.kind}`)})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          label={t('energyReports.schedules.lang')}
          name="lang"
          extra={t('energyReports.schedules.langHelp')}
        >
          <Radio.Group
            options={LANGS.map((value) => ({ value, label: t(`energyReports.langs.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('energyReports.schedules.enabled')} name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function SchedulesCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const times = useProjectTime();
  const schedules = useSchedules(projectId);
  const channels = useReportChannels(projectId);
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const [editing, setEditing] = useState<ReportSchedule>();
  const [open, setOpen] = useState(false);
  const names = new Map((channels.data ?? []).map((c) => [c.id, c.name]));

  const onSend = (s: ReportSchedule) =>
    sendNow.mutate(s.id, {
      onSuccess: (rows) => {
        const failed = rows.filter((r) => !r.ok).length;
        if (failed === 0) message.success(t('energyReports.schedules.sent', { n: rows.length }));
        else message.warning(t('energyReports.schedules.sentFailed', { n: failed }));
      },
    });

  return (
    <Card
      title={t('energyReports.schedules.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(undefined), setOpen(true))}>
          {t('energyReports.schedules.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('energyReports.schedules.intro')}</Typography.Paragraph>
      {channels.data?.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('energyReports.schedules.noChannels')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<ReportSchedule>
        rowKey="id"
        size="small"
        loading={schedules.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={schedules.data ?? []}
        locale={{ emptyText: <Empty description={t('energyReports.schedules.empty')} /> }}
        columns={[
          { title: t('energyReports.schedules.name'), dataIndex: 'name' },
          {
            title: t('energyReports.schedules.when'),
            key: 'when',
            render: (_: unknown, s) =>
              t(`energyReports.schedules.at.${s.frequency}`, { hour: String(s.hour).padStart(2, '0') }),
          },
          {
            title: t('energyReports.schedules.contents'),
            key: 'contents',
            render: (_: unknown, s) =>
              [
                s.includeReport ? t('energyReports.schedules.report') : null,
                s.includeBills ? t('energyReports.schedules.bills') : null,
              ]
                .filter(Boolean)
                .join(', '),
          },
          {
            title: t('energyReports.schedules.channels'),
            dataIndex: 'channelIds',
            render: (ids: number[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', '),
          },
          {
            title: t('energyReports.schedules.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (
              <Tag color={v ? '#237804' : '#595959'} variant="solid">
                {t(v ? 'energyReports.on' : 'energyReports.off')}
              </Tag>
            ),
          },
          {
            title: t('energyReports.schedules.nextRun'),
            dataIndex: 'nextRunAt',
            render: (v: string, s) => (s.enabled ? times.format(v) : '—'),
          },
          {
            title: t('energyReports.schedules.lastRun'),
            dataIndex: 'lastRunAt',
            render: (v: string | null) => (v ? times.format(v) : '—'),
          },
          {
            title: t('energyReports.actions'),
            key: 'actions',
            render: (_: unknown, s) => (
              <Space wrap>
                <Button
                  size="small"
                  icon={<SendOutlined />}
                  loading={sendNow.isPending && sendNow.variables === s.id}
                  onClick={() => onSend(s)}
                  aria-label={t('energyReports.schedules.sendNowOf', { name: s.name })}
                >
                  {t('energyReports.schedules.sendNow')}
                </Button>
                <Button
                  size="small"
                  onClick={() => (setEditing(s), setOpen(true))}
                  aria-label={t('energyReports.editOf', { name: s.name })}
                >
                  {t('energyReports.edit')}
                </Button>
                <Popconfirm
                  title={t('energyReports.schedules.deleteConfirm', { name: s.name })}
                  onConfirm={() => remove.mutate(s.id)}
                >
                  <Button size="small" danger aria-label={t('energyReports.deleteOf', { name: s.name })}>
                    {t('energyReports.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ScheduleForm projectId={projectId} editing={editing} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}

function HistoryCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const sends = useSends(projectId);
  return (
    <Card title={t('energyReports.history.title')}>
      <Table<ReportSend>
        rowKey="id"
        size="small"
        loading={sends.isLoading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        dataSource={sends.data ?? []}
        locale={{ emptyText: <Empty description={t('energyReports.history.empty')} /> }}
        columns={[
          {
            title: t('energyReports.history.sentAt'),
            dataIndex: 'sentAt',
            render: (v: string) => times.format(v),
          },
          { title: t('energyReports.history.schedule'), dataIndex: 'scheduleName' },
          {
            title: t('energyReports.history.channel'),
            key: 'channel',
            render: (_: unknown, s) => `${s.channelName} (${t(`notifications.kinds.${s.channelKind}`)})`,
          },
          {
            title: t('energyReports.history.period'),
            key: 'period',
            render: (_: unknown, s) => `${s.periodFrom} – ${s.periodTo}`,
          },
          {
            title: t('energyReports.history.how'),
            dataIndex: 'manual',
            render: (v: boolean) => t(v ? 'energyReports.history.manual' : 'energyReports.history.scheduled'),
          },
          {
            title: t('energyReports.history.result'),
            key: 'result',
            render: (_: unknown, s) =>
              s.ok ? (
                <Tag color="#237804" variant="solid">
                  {t('energyReports.history.ok')}
                </Tag>
              ) : s.gaveUp ? (
                <Flex vertical>
                  <Tag color="#a8071a" variant="solid">
                    {t('energyReports.history.gaveUp')}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('energyReports.history.gaveUpNote', { count: REPORT_RUN_ATTEMPTS })}
                  </Typography.Text>
                </Flex>
              ) : (
                <Flex vertical>
                  <Tag color="#a8071a" variant="solid">
                    {t('energyReports.history.failed')}
                  </Tag>
                  <Typography.Text type="secondary">{s.error}</Typography.Text>
                </Flex>
              ),
          },
        ]}
      />
    </Card>
  );
}

interface ShareValues {
  kind: ShareKind;
  label?: string;
  period: ReportPeriod;
  anchor?: Dayjs;
  month?: Dayjs;
  level: BillLevel;
  nodeId?: number;
  expiresAt?: Dayjs;
}

/** The link a token opens: this console's /share page. */
export function shareUrl(token: string): string {
  return `${window.location.origin}/share/${token}`;
}

function ShareForm({
  projectId,
  open,
  onClose,
  onCreated,
}: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onCreated: (link: ShareLink) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const times = useProjectTime();
  const [form] = Form.useForm<ShareValues>();
  const kind = Form.useWatch('kind', form) ?? 'report';
  const level = Form.useWatch('level', form) ?? 'building';
  const nodes = useBillNodes(projectId);
  const create = useCreateShare();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const now = times.nowPicker();
    form.setFieldsValue({
      kind: 'report',
      period: 'MONTH',
      anchor: now.subtract(1, 'month'),
      month: now.subtract(1, 'month'),
      level: 'building',
      expiresAt: now.add(7, 'day'),
    });
  }, [open, form, times]);

  const onFinish = async (v: ShareValues) => {
    try {
      const link = await create.mutateAsync({
        projectId,
        kind: v.kind,
        label: v.label ?? '',
        expiresAt: times.fromPicker(v.expiresAt!),
        ...(v.kind === 'report'
          ? { period: v.period, anchor: v.anchor?.format('YYYY-MM-DD') ?? '' }
          : { month: v.month?.format('YYYY-MM') ?? '', level: v.level, nodeId: v.nodeId }),
      });
      onCreated(link);
      onClose();
    } catch (error) {
      message.error(errorText(error));
    }
  };

  const required = (field: string, label: string) => ({
    required: true,
    message: validationMessage('required', field, label),
  });

  return (
    <FormModal
      form={form}
      open={open}
      title={t('energyReports.shares.create')}
      confirmLoading={create.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<ShareValues> form={form} name="shareForm" layout="vertical" onFinish={(v) => void onFinish(v)}>
        <Form.Item label={t('energyReports.shares.kind')} name="kind">
          <Radio.Group
            options={SHARE_KINDS.map((value) => ({ value, label: t(`energyReports.shares.kinds.${value}`) }))}
          />
        </Form.Item>
        {kind === 'report' ? (
          <>
            <Form.Item label={t('energyReports.shares.period')} name="period">
              <Radio.Group
                options={REPORT_PERIODS.map((value) => ({
                  value,
                  label: t(`energyReports.periods.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              label={t('energyReports.shares.anchor')}
              name="anchor"
              extra={t('energyReports.shares.anchorHelp')}
              rules={[required('anchor', t('energyReports.shares.anchor'))]}
            >
              <DatePicker allowClear={false} aria-label={t('energyReports.shares.anchor')} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              label={t('energyReports.shares.month')}
              name="month"
              rules={[required('month', t('energyReports.shares.month'))]}
            >
              <DatePicker picker="month" allowClear={false} aria-label={t('energyReports.shares.month')} />
            </Form.Item>
            <Form.Item label={t('energyBilling.bills.level')} name="level">
              <Select
                aria-label={t('energyBilling.bills.level')}
                onChange={() => form.setFieldValue('nodeId', undefined)}
                options={BILL_LEVELS.map((l) => ({ value: l, label: t(`energyBilling.bills.levels.${l}`) }))}
              />
            </Form.Item>
            <Form.Item
              label={t('energyBilling.bills.node')}
              name="nodeId"
              rules={[required('nodeId', t('energyBilling.bills.node'))]}
            >
              <Select
                aria-label={t('energyBilling.bills.node')}
                showSearch
                optionFilterProp="label"
                options={(nodes.data ?? [])
                  .filter((n) => n.level === level)
                  .map((n) => ({ value: n.id, label: n.name }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('energyReports.shares.label')} name="label">
          <Input maxLength={50} placeholder={t('energyReports.shares.labelHint')} />
        </Form.Item>
        <Form.Item
          label={t('energyReports.shares.expiresAt')}
          name="expiresAt"
          required
          rules={[
            {
              validator: async (_r, value: Dayjs | undefined) => {
                if (!value) throw new Error(validationMessage('required', 'expiresAt'));
                if (expiryPassed(times.fromPicker(value), Date.now()))
                  throw new Error(validationMessage('expiryPast', 'expiresAt'));
              },
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('energyReports.shares.expiresAt')}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

function SharesCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const times = useProjectTime();
  const shares = useShares(projectId);
  const nodes = useBillNodes(projectId);
  const revoke = useRevokeShare();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ShareLink | null>(null);
  const nodeName = (level: BillLevel | null, id: number | null) =>
    (nodes.data ?? []).find((n) => n.level === level && n.id === id)?.name ?? `#${id ?? ''}`;
  const url = created?.token ? shareUrl(created.token) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success(t('energyReports.shares.copied'));
    } catch {
      message.warning(t('energyReports.shares.copyFailed'));
    }
  };

  // Solid dark shades with white text (WCAG AA, as the notification log's tags).
  const statusColor = { active: '#237804', expired: '#595959', revoked: '#a8071a' } as const;
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
              <Tag color={statusColor[v]} variant="solid">
                {t(`energyReports.shares.statuses.${v}`)}
              </Tag>
            ),
          },
          {
            title: t('energyReports.shares.expiresAt'),
            dataIndex: 'expiresAt',
            render: (v: string) => times.format(v),
          },
          {
            title: t('energyReports.shares.createdAt'),
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
                  onConfirm={() => revoke.mutate(l.id)}
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
      <Modal
        open={created !== null}
        title={t('energyReports.shares.createdTitle')}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)}>
            {t('energyReports.shares.done')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('energyReports.shares.onlyOnce')}</Typography.Paragraph>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            readOnly
            value={url}
            aria-label={t('energyReports.shares.link')}
            data-testid="share-url"
            onFocus={(e) => e.target.select()}
          />
          <Button icon={<CopyOutlined />} onClick={() => void copy()}>
            {t('energyReports.shares.copy')}
          </Button>
        </Space.Compact>
      </Modal>
    </Card>
  );
}

/**
 * /energy/reports (tbAdmin): the project's report schedules (weekly or monthly, sent through its
 * notification channels, with "send now"), their send history, and read-only share links.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const projectId = currentProjectId();
  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.energyReports')}
    </Typography.Title>
  );
  if (projectId === null) {
    return (
      <Flex vertical gap="middle">
        {title}
        <NoProject />
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle">
      {title}
      <SchedulesCard projectId={projectId} />
      <HistoryCard projectId={projectId} />
      <SharesCard projectId={projectId} />
    </Flex>
  );
}
