import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TYPES, type ProjectStatus } from '@sbuilding/shared';
import { useDict } from '@/lib/dict';

export interface ProjectFilter {
  projectName?: string;
  status?: ProjectStatus;
}

/** Name and status filters; Search applies them, Reset clears them. */
export function ProjectFilters({ onSearch }: { onSearch: (filter: ProjectFilter) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProjectFilter>();
  const statuses = useDict(DICT_TYPES.projectStatus);
  return (
    <Form<ProjectFilter>
      name="projectFilter"
      form={form}
      layout="inline"
      className="sb-filters"
      aria-label={t('projects.filters')}
      onFinish={(values) =>
        onSearch({ projectName: values.projectName?.trim() || undefined, status: values.status })
      }
    >
      <Form.Item label={t('fields.projectName')} name="projectName">
        <Input allowClear maxLength={100} />
      </Form.Item>
      <Form.Item label={t('fields.status')} name="status">
        <Select allowClear options={statuses} className="sb-filter-select" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('projects.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
