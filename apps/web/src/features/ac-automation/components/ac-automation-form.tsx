import { useEffect } from 'react';
import { App, Divider, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  acAutomationCreateBodySchema,
  acAutomationSaveBodySchema,
  type AcAutomation,
  type AcAutomationCreateBody,
} from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { useCreateAcAutomation, useSaveAcAutomation } from '../api/ac-automations';
import { ClimateFields, ScheduleFields, SmartFields, TargetFields } from './automation-fields';

/** A new config's values: the schema's defaults, cooling to 24 °C. */
const DEFAULTS: AcAutomationCreateBody = {
  projectId: 0,
  targetId: 0,
  targetKind: 'device',
  zoneId: null,
  setTemperature: 24,
  ambientTemperature: null,
  workMode: 'auto',
  fanSpeed: 'auto',
  motionCountThreshold: 1,
  autoOpenClose: false,
  vacantMinutes: 15,
  timingOpenClose: false,
  openTime: null,
  closeTime: null,
  allWorkdays: true,
  weekdays: [1, 2, 3, 4, 5],
  smartTempControl: false,
  smartDoas: false,
  weatherLinkage: false,
  noCoolBelow: 22,
  noHeatAbove: 16,
  noonNap: false,
  active: true,
};

export interface AcAutomationFormProps {
  projectId: number;
  /** The config being edited; null creates. */
  editing: AcAutomation | null;
  open: boolean;
  onClose: () => void;
}

/** Add or edit an AC automation: every §3 field, checked by the shared schema beside each field. */
export function AcAutomationForm({ projectId, editing, open, onClose }: AcAutomationFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AcAutomationCreateBody>();
  const create = useCreateAcAutomation();
  const save = useSaveAcAutomation();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    // projectId lives in the store (no field) so the schema's cross-field rules run while typing.
    form.setFieldsValue({ ...DEFAULTS, targetId: undefined, ...(editing ?? {}), projectId });
  }, [open, editing, form, projectId]);

  const onFinish = async () => {
    const values: Record<string, unknown> = { ...form.getFieldsValue(true), projectId };
    try {
      if (editing) {
        const body = acAutomationSaveBodySchema.parse({ ...values, version: editing.version });
        await save.mutateAsync({ id: editing.id, body });
      } else {
        await create.mutateAsync(acAutomationCreateBodySchema.parse(values));
      }
      message.success(t(editing ? 'acAutomation.saved' : 'acAutomation.created'));
      onClose();
    } catch {
      // The request client showed the server's message; the form stays open to correct it.
    }
  };

  return (
    <FormModal
      form={form}
      open={open}
      width={760}
      title={t(editing ? 'acAutomation.editTitle' : 'acAutomation.addTitle')}
      confirmLoading={create.isPending || save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} name="acAutomationForm" layout="vertical" onFinish={() => void onFinish()}>
        <TargetFields projectId={projectId} zoneName={editing?.zoneName ?? ''} />
        <Divider titlePlacement="start">{t('acAutomation.sections.climate')}</Divider>
        <ClimateFields />
        <Divider titlePlacement="start">{t('acAutomation.sections.schedule')}</Divider>
        <ScheduleFields />
        <Divider titlePlacement="start">{t('acAutomation.sections.smart')}</Divider>
        <SmartFields />
      </Form>
    </FormModal>
  );
}
