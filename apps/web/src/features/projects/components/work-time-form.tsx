import { useEffect } from 'react';
import { App, Form, Input, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { DICT_TYPES, workTimeFormSchema, type WorkTime } from '@sbuilding/shared';
import { useDict } from '@/lib/dict';
import { zodField } from '@/lib/form-rules';
import { useCreateWorkTime } from '../api/create-work-time';
import { useUpdateWorkTime } from '../api/update-work-time';

const TIME_FORMAT = 'HH:mm';

export interface WorkTimeValues {
  name?: string;
  startTime?: string;
  endTime?: string;
  timeType?: string;
  zoneType?: string;
}

/** The form keeps 'HH:mm' strings (what the shared schema checks); the picker works with dayjs. */
const timeField = {
  getValueProps: (value: unknown) => ({
    value:
      typeof value === 'string' && /^\d\d:\d\d$/.test(value)
        ? dayjs()
            .hour(Number(value.slice(0, 2)))
            .minute(Number(value.slice(3)))
            .second(0)
        : null,
  }),
  normalize: (value: Dayjs | null) => (value ? value.format(TIME_FORMAT) : undefined),
};

interface WorkTimeFormProps {
  projectId: number;
  /** The row being edited; undefined creates. */
  editing: WorkTime | undefined;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a work time; spec section 5: zone type, time type, start and end required. */
export function WorkTimeForm({ projectId, editing, open, onClose }: WorkTimeFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WorkTimeValues>();
  const zoneTypes = useDict(DICT_TYPES.zoneType);
  const timeTypes = useDict(DICT_TYPES.workTimeType);
  const create = useCreateWorkTime(projectId);
  const update = useUpdateWorkTime(projectId);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
  }, [open, editing, form]);

  const onFinish = async (values: WorkTimeValues) => {
    const parsed = workTimeFormSchema.safeParse(values);
    if (!parsed.success) return;
    try {
      if (editing) await update.mutateAsync({ id: editing.id, version: editing.version, ...parsed.data });
      else await create.mutateAsync({ projectId, ...parsed.data });
      message.success(t(editing ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch {
      // The request client showed the message; on 409 the table has reloaded the row.
      if (editing) onClose();
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t(editing ? 'projects.workTimes.edit' : 'projects.workTimes.add')}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<WorkTimeValues>
        form={form}
        name="workTimeForm"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item label={t('fields.name')} {...zodField(workTimeFormSchema, 'name')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={t('fields.zoneType')} {...zodField(workTimeFormSchema, 'zoneType')}>
          <Select options={zoneTypes} />
        </Form.Item>
        <Form.Item label={t('fields.timeType')} {...zodField(workTimeFormSchema, 'timeType')}>
          <Select options={timeTypes} />
        </Form.Item>
        <Form.Item
          label={t('fields.startTime')}
          {...zodField(workTimeFormSchema, 'startTime')}
          {...timeField}
        >
          <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} className="sb-full-width" />
        </Form.Item>
        <Form.Item
          label={t('fields.endTime')}
          {...zodField(workTimeFormSchema, 'endTime')}
          {...timeField}
          dependencies={['startTime', 'timeType']}
        >
          <TimePicker format={TIME_FORMAT} minuteStep={5} needConfirm={false} className="sb-full-width" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
