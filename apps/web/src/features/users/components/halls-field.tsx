import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { validationMessage } from '@/lib/form-rules';
import { useHallOptions } from '../api/get-hall-options';

/**
 * A weixin customer's buildings (at least one): what it may see and switch in the mini-program. An admin
 * chooses among the buildings of the department (tenant) picked above.
 */
export function HallsField({ isAdmin, tenantId }: { isAdmin: boolean; tenantId: number | undefined }) {
  const { t } = useTranslation();
  const ready = !isAdmin || tenantId !== undefined;
  const halls = useHallOptions(ready, isAdmin ? tenantId : undefined);
  return (
    <Form.Item
      label={t('fields.hallIds')}
      name="hallIds"
      required
      extra={t('users.hallsHint')}
      rules={[
        {
          validator: async (_rule, value: unknown) => {
            if (!Array.isArray(value) || value.length === 0)
              throw new Error(validationMessage('required', 'hallIds'));
          },
        },
      ]}
    >
      <Select
        mode="multiple"
        showSearch={{ optionFilterProp: 'label' }}
        loading={halls.isLoading}
        disabled={!ready}
        options={(halls.data ?? []).map((h) => ({ value: h.id, label: `${h.name} (${h.projectName})` }))}
      />
    </Form.Item>
  );
}
