import { Drawer, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_BRIDGE_CATEGORY } from '@sbuilding/shared';
import { useCan } from '@/lib/permissions';
import { useDeviceInfo } from '../api/get-device-info';
import { useLiveDeviceInfo } from '../hooks/use-live-devices';
import { AttributesForm } from './attributes-form';
import { BridgeFieldDevices } from './bridge-field-devices';
import { DeviceControl } from './device-control';
import { DeviceCredentials } from './device-credentials';
import { DeviceRegistryFields } from './device-registry-fields';
import { DeviceTelemetry } from './device-telemetry';
import { ReportedAttributes } from './reported-attributes';
import { SimulatorPlug } from './simulator-plug';
import './devices.css';

export interface DeviceDetailDrawerProps {
  deviceId: number | null;
  projectId: number;
  /** May change the device (`devices:write`): its parameters and the simulator's plug. */
  canEdit: boolean;
  onClose: () => void;
}

/**
 * A device: its fields, latest readings (live from the socket), a field bridge's devices, what it reported about
 * itself, its commands for those allowed to switch it, groups, parameters with their history, and credentials.
 */
export function DeviceDetailDrawer({ deviceId, projectId, canEdit, onClose }: DeviceDetailDrawerProps) {
  const { t } = useTranslation();
  const info = useDeviceInfo(deviceId);
  const device = info.data;
  const canControl = useCan('devices:control');
  // Reading a device's MQTT token lets its holder publish as the device: the tenant's administration.
  const canSeeCredentials = useCan('deviceSecrets:read');
  useLiveDeviceInfo(deviceId);
  return (
    <Drawer
      open={deviceId !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={device ? t('devices.detailTitle', { name: device.name }) : t('devices.detail')}
      closable={{ 'aria-label': t('common.close') }}
    >
      {!device ? (
        info.isError ? (
          <Empty description={t('devices.loadFailed')} />
        ) : (
          <Spin />
        )
      ) : (
        <>
          <section aria-labelledby="sb-device-fields">
            <Typography.Title level={3} id="sb-device-fields">
              {t('devices.sections.fields')}
            </Typography.Title>
            <DeviceRegistryFields device={device} />
          </section>
          <section aria-labelledby="sb-device-telemetry">
            <Typography.Title level={3} id="sb-device-telemetry">
              {t('devices.sections.telemetry')}
            </Typography.Title>
            <DeviceTelemetry device={device} />
          </section>
          {device.category === FIELD_BRIDGE_CATEGORY ? (
            <section aria-labelledby="sb-device-field-devices">
              <Typography.Title level={3} id="sb-device-field-devices">
                {t('devices.sections.fieldDevices')}
              </Typography.Title>
              <BridgeFieldDevices bridgeId={device.id} projectId={projectId} />
            </section>
          ) : null}
          <section aria-labelledby="sb-device-reported">
            <Typography.Title level={3} id="sb-device-reported">
              {t('devices.sections.reported')}
            </Typography.Title>
            <ReportedAttributes reported={device.reported} />
          </section>
          {canControl ? (
            <section aria-labelledby="sb-device-control">
              <Typography.Title level={3} id="sb-device-control">
                {t('devices.sections.control')}
              </Typography.Title>
              <DeviceControl device={device} />
            </section>
          ) : null}
          <section aria-labelledby="sb-device-attributes">
            <Typography.Title level={3} id="sb-device-attributes">
              {t('devices.sections.attributes')}
            </Typography.Title>
            <AttributesForm
              deviceId={device.id}
              model={device.model}
              projectId={projectId}
              canEdit={canEdit}
            />
          </section>
          {canEdit ? <SimulatorPlug deviceId={device.id} /> : null}
          {canSeeCredentials ? (
            <section aria-labelledby="sb-device-credentials">
              <Typography.Title level={3} id="sb-device-credentials">
                {t('devices.sections.credentials')}
              </Typography.Title>
              <DeviceCredentials deviceId={device.id} deviceName={device.name} />
            </section>
          ) : null}
        </>
      )}
    </Drawer>
  );
}
