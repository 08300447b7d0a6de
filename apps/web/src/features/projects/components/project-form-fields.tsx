import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TYPES, projectFormSchema } from '@sbuilding/shared';
import { useDict } from '@/lib/dict';
import { zodField } from '@/lib/form-rules';

export interface ProjectValues {
  projectName?: string;
  status?: string;
  address?: string;
  description?: string;
  timeZone?: string;
}

/** The fields of the shared project schema (spec section 5: name, status and address required). */
export function ProjectFormFields() {
  const { t } = useTranslation();
  const statuses = useDict(DICT_TYPES.projectStatus);
  return (
    <>
      <Form.Item label={t('fields.projectName')} {...zodField(projectFormSchema, 'projectName')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label={t('fields.status')} {...zodField(projectFormSchema, 'status')}>
        <Select options={statuses} />
      </Form.Item>
      <Form.Item label={t('fields.address')} {...zodField(projectFormSchema, 'address')}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label={t('fields.description')} {...zodField(projectFormSchema, 'description')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
      </Form.Item>
      <Form.Item
        label={t('fields.timeZone')}
        extra={t('projects.timeZoneHint')}
        {...zodField(projectFormSchema, 'timeZone')}
      >
        <Input maxLength={64} placeholder="Asia/Shanghai" />
      </Form.Item>
    </>
  );
}
