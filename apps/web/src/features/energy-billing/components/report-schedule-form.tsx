import { useEffect } from 'react';
import { App, Checkbox, Form, Input, InputNumber, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LANGS,
  REPORT_FREQUENCIES,
  reportScheduleFormSchema,
  type Lang,
  type ReportFrequency,
  type ReportSchedule,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { validationMessage, zodField } from '@/lib/form-rules';
import { useReportChannels, useSaveSchedule } from '../api/reports';
import { errorText } from './report-helpers';

interface ScheduleValues {
  name?: string;
  frequency?: ReportFrequency;
  hour?: number;
  includeReport?: boolean;
  includeBills?: boolean;
  includeFaults?: boolean;
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
  includeFaults: false,
  channelIds: [],
  lang: 'EN',
  enabled: true,
};

/** The add / edit dialog of a report schedule, checked with the shared `reportScheduleFormSchema`. */
export function ReportScheduleForm({
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
          dependencies={['includeBills', 'includeFaults']}
          rules={[
            (f) => ({
              validator: async (_r, value: boolean) => {
                if (!value && !f.getFieldValue('includeBills') && !f.getFieldValue('includeFaults'))
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
        <Form.Item name="includeFaults" valuePropName="checked">
          <Checkbox>{t('energyReports.schedules.includeFaults')}</Checkbox>
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
