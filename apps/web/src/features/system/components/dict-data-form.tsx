import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { dictDataFormSchema, type SysDictData } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { useCreateDictData } from '../api/create-dict-data';
import { useUpdateDictData } from '../api/update-dict-data';

/** The tag styles a row can name (a presentation choice, not a domain list). */
const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;

export interface DictDataValues {
  dictType?: string;
  dictLabel?: string;
  dictLabelZh?: string;
  dictValue?: string;
  dictSort?: number;
  listClass?: string;
  isDefault?: 'Y' | 'N';
  status?: '0' | '1';
  remark?: string;
}

interface DictDataFormProps {
  dictType: string;
  editing: SysDictData | undefined;
  open: boolean;
  onClose: () => void;
}

/** Create or edit a row of one dictionary, checked by the shared dictionary-data schema. */
export function DictDataForm({ dictType, editing, open, onClose }: DictDataFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DictDataValues>();
  const create = useCreateDictData();
  const update = useUpdateDictData();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ?? { dictType, dictSort: 0, isDefault: 'N', status: '0' });
  }, [open, editing, dictType, form]);

  const onFinish = async (values: DictDataValues) => {
    const parsed = dictDataFormSchema.safeParse({ ...values, dictType });
    if (!parsed.success) return;
    try {
      if (editing)
        await update.mutateAsync({ dictCode: editing.dictCode, version: editing.version, ...parsed.data });
      else await create.mutateAsync(parsed.data);
      message.success(t(editing ? 'common.savedOk' : 'common.addedOk'));
      onClose();
    } catch {
      // The request client showed the message; after a 409 the table holds the newer row.
      if (editing) onClose();
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      title={t(editing ? 'dictData.editTitle' : 'dictData.createTitle')}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<DictDataValues>
        form={form}
        name="dictDataForm"
        layout="vertical"
        onFinish={(v) => void onFinish(v)}
      >
        <Form.Item name="dictType" hidden>
          <Input />
        </Form.Item>
        <Form.Item label={t('fields.dictLabel')} {...zodField(dictDataFormSchema, 'dictLabel')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('fields.dictLabelZh')} {...zodField(dictDataFormSchema, 'dictLabelZh')}>
          <Input maxLength={100} lang="zh-CN" />
        </Form.Item>
        <Form.Item label={t('fields.dictValue')} {...zodField(dictDataFormSchema, 'dictValue')}>
          <Input maxLength={100} disabled={editing !== undefined} />
        </Form.Item>
        <Form.Item label={t('fields.dictSort')} {...zodField(dictDataFormSchema, 'dictSort')}>
          <InputNumber min={0} max={9999} precision={0} className="sb-full-width" />
        </Form.Item>
        <Form.Item label={t('dictData.listClass')} name="listClass">
          <Select
            allowClear
            options={LIST_CLASSES.map((value) => ({ value, label: t(`dictData.listClasses.${value}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('dictData.isDefault')} name="isDefault">
          <Radio.Group
            options={[
              { value: 'Y', label: t('dictData.yes') },
              { value: 'N', label: t('dictData.no') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('fields.status')} name="status">
          <Radio.Group
            options={[
              { value: '0', label: t('dictData.statuses.0') },
              { value: '1', label: t('dictData.statuses.1') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('fields.remark')} {...zodField(dictDataFormSchema, 'remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
