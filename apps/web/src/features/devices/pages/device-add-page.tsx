import { useState } from 'react';
import { App, Button, Card, Empty, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DEVICE_MODELS,
  isModelId,
  type BleGatewayInit,
  type DeviceCategory,
  type ModelId,
} from '@sbuilding/shared';
import { useCreateBleGateway } from '../api/create-ble-gateway';
import { useCreateDevice } from '../api/create-device';
import { BleInitProgress } from '../components/ble-init-progress';
import { DeviceForm } from '../components/device-form';
import { ModelPicker } from '../components/model-picker';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { ProjectPage } from '@/components/project-page';
import { ReadOnlyNotice } from '@/components/read-only-notice';

/** What createBleGateway/{floorId} takes: the create body without the place the floor already gives. */
function bleGatewayBody(body: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(body).filter(([key]) => key !== 'buildingId' && key !== 'floorId'),
  );
}

function presetOf(params: URLSearchParams) {
  const model = params.get('model') ?? '';
  const gatewayId = Number(params.get('gatewayId'));
  if (!isModelId(model)) return { category: null, model: null, initial: {} };
  const initial =
    model === 'ac20' && Number.isInteger(gatewayId) && gatewayId > 0 ? { acGatewayId: gatewayId } : {};
  return { category: DEVICE_MODELS[model].category, model, initial };
}

/**
 * /device/add: the category, then the model, then that model's form (and a gateway's initialisation).
 * Whoever reads devices but may not add one (customers, display screens) may look at each model's form,
 * disabled, without the buttons that add, and is told why.
 */
export default function DeviceAddPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const projectId = useCurrentProject();
  const [preset] = useState(() => presetOf(params));
  const [choice, setChoice] = useState<{ category: DeviceCategory | null; model: ModelId | null }>(preset);
  const [init, setInit] = useState<{ deviceId: number; initial: BleGatewayInit } | null>(null);
  const [again, setAgain] = useState(false);
  const [form] = Form.useForm();
  const create = useCreateDevice();
  const createGateway = useCreateBleGateway();
  const pending = create.isPending || createGateway.isPending;
  const canWrite = useCan('devices:write');

  const done = () => {
    message.success(t('devices.add.created'));
    if (again) form.resetFields();
    else void navigate('/device');
  };

  const submit = async (model: ModelId, body: Record<string, unknown>) => {
    try {
      if (model !== 'ba') {
        await create.mutateAsync({ model, body });
        done();
        return;
      }
      const floorId = typeof body.floorId === 'number' ? body.floorId : 0;
      const created = await createGateway.mutateAsync({ floorId, body: bleGatewayBody(body) });
      message.success(t('devices.add.created'));
      setInit({ deviceId: created.device.id, initial: created.init });
    } catch {
      // Shown by the request client (e.g. a duplicate MAC address).
    }
  };

  const model = choice.model;

  return (
    <ProjectPage title={t('routes.deviceAdd')} projectId={projectId}>
      {(projectId) => (
        <>
          {canWrite ? null : <ReadOnlyNotice reason={t('devices.add.readOnly')} />}
          {init ? (
            <Card title={t('devices.init.title')}>
              <BleInitProgress deviceId={init.deviceId} initial={init.initial} />
              <Space style={{ marginTop: 16 }}>
                <Button type="primary" onClick={() => void navigate('/device')}>
                  {t('devices.add.backToList')}
                </Button>
                <Button
                  onClick={() => {
                    setInit(null);
                    form.resetFields();
                  }}
                >
                  {t('devices.add.addAnother')}
                </Button>
              </Space>
            </Card>
          ) : (
            <>
              <Card title={t('devices.add.chooseModel')}>
                <ModelPicker category={choice.category} model={model} onChange={setChoice} />
              </Card>
              {model ? (
                <Card title={t(`catalogue.models.${model}`)}>
                  <DeviceForm
                    key={model}
                    form={form}
                    projectId={projectId}
                    model={model}
                    initialValues={preset.model === model ? preset.initial : undefined}
                    disabled={!canWrite}
                    onSubmit={(body) => void submit(model, body)}
                  />
                  {canWrite ? (
                    <Space wrap>
                      <Button
                        type="primary"
                        loading={pending}
                        onClick={() => {
                          setAgain(false);
                          form.submit();
                        }}
                      >
                        {t('devices.add.submit')}
                      </Button>
                      {model !== 'ba' ? (
                        <Button
                          loading={pending}
                          onClick={() => {
                            setAgain(true);
                            form.submit();
                          }}
                        >
                          {t('devices.add.submitAndAnother')}
                        </Button>
                      ) : null}
                      <Button onClick={() => void navigate('/device')}>{t('common.cancel')}</Button>
                    </Space>
                  ) : null}
                </Card>
              ) : (
                <Empty description={t('devices.add.modelFirst')} />
              )}
            </>
          )}
        </>
      )}
    </ProjectPage>
  );
}
