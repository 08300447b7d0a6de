import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BILL_LEVELS,
  expiryPassed,
  expiryTooFar,
  REPORT_PERIODS,
  SHARE_KINDS,
  type BillLevel,
  type ReportPeriod,
  type ShareKind,
  type ShareLink,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { validationMessage } from '@/lib/form-rules';
import { useProjectTime } from '@/lib/time';
import { useBillNodes } from '../api/bills';
import { useCreateShare } from '../api/reports';
import { errorText } from './report-helpers';

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

/** The dialog that creates a read-only share link of an energy report or a month's bill. */
export function ShareForm({
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
                if (expiryTooFar(times.fromPicker(value), Date.now()))
                  throw new Error(validationMessage('expiryTooFar', 'expiresAt'));
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
