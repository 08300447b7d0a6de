import { useState } from 'react';
import { Button, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FDD_RULES, FDD_STATUSES, type FddRule, type FddStatus } from '@sbuilding/shared';
import { BuildingSelect } from '@/components/location-select';

/** What the filters send: the filter fields of the findings' list (besides the project and the page). */
export interface FindingFilterValues {
  buildingId?: number;
  rule?: FddRule;
  status?: FddStatus;
  active?: boolean;
}

/** The status choice: one status, the active ones (open and acknowledged), or every status. */
type StatusChoice = FddStatus | 'active' | 'all';

interface FormValues {
  rule?: FddRule;
  status: StatusChoice;
}

/** The findings still to deal with: what the page opens on, and what Reset comes back to. */
export const ACTIVE_FILTER: FindingFilterValues = { active: true };

function toFilter(values: FormValues, buildingId: number | null): FindingFilterValues {
  const status = values.status;
  return {
    buildingId: buildingId ?? undefined,
    rule: values.rule,
    ...(status === 'active' ? { active: true } : status === 'all' ? {} : { status }),
  };
}

/** Building, rule and status (the active ones by default); Reset comes back to the active ones. */
export function FindingFilters({
  projectId,
  onSearch,
}: {
  projectId: number;
  onSearch: (values: FindingFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const statusOptions: { value: StatusChoice; label: string }[] = [
    { value: 'active', label: t('fdd.filters.active') },
    { value: 'all', label: t('fdd.filters.all') },
    ...FDD_STATUSES.map((s) => ({ value: s, label: t(`fdd.statuses.${s}`) })),
  ];
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="fdd-filters"
      initialValues={{ status: 'active' }}
      role="search"
      aria-label={t('fdd.filters.label')}
      className="sb-filters"
      onFinish={(values) => onSearch(toFilter(values, buildingId))}
    >
      <Form.Item label={t('fdd.columns.building')} htmlFor="sb-fdd-building">
        <BuildingSelect
          id="sb-fdd-building"
          projectId={projectId}
          label={t('fdd.columns.building')}
          allowClear
          value={buildingId}
          onChange={setBuildingId}
        />
      </Form.Item>
      <Form.Item label={t('fdd.columns.rule')} name="rule">
        <Select
          allowClear
          placeholder={t('fdd.filters.any')}
          style={{ width: 220 }}
          options={FDD_RULES.map((r) => ({ value: r, label: t(`fdd.rules.${r}.name`) }))}
        />
      </Form.Item>
      <Form.Item label={t('fdd.columns.status')} name="status">
        <Select style={{ width: 220 }} options={statusOptions} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('fdd.filters.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setBuildingId(null);
              onSearch(ACTIVE_FILTER);
            }}
          >
            {t('fdd.filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
