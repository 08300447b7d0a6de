import { DatePicker, Form, Input, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorProps, type WizardErrors } from './wizard-errors';
import { ZoneChooser } from './zone-chooser';

/** Step 1: name, enabled, effective dates and the zone affected. */
export function BasicStep({ projectId, errors }: { projectId: number; errors: WizardErrors }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('fields.name')} name="name" required {...errorProps(errors, 'name')}>
        <Input maxLength={64} style={{ maxWidth: 400 }} />
      </Form.Item>
      <Form.Item label={t('fields.enabled')} name="enabled" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        label={t('fields.miniProgram')}
        name="miniProgram"
        valuePropName="checked"
        extra={t('sceneWizard.miniProgramHint')}
      >
        <Switch />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item
          label={t('fields.effectiveStart')}
          name="effectiveStart"
          {...errorProps(errors, 'effectiveStart')}
        >
          <DatePicker format="YYYY-MM-DD" />
        </Form.Item>
        <Form.Item
          label={t('fields.effectiveEnd')}
          name="effectiveEnd"
          {...errorProps(errors, 'effectiveEnd')}
        >
          <DatePicker format="YYYY-MM-DD" />
        </Form.Item>
      </Space>
      <Form.Item
        label={t('fields.zoneId')}
        name="zoneId"
        extra={t('sceneWizard.zoneHint')}
        {...errorProps(errors, 'zoneId')}
      >
        <ZoneChooser projectId={projectId} />
      </Form.Item>
    </>
  );
}
