import type { ComponentType } from 'react';
import { Space } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  BulbOutlined,
  CloudOutlined,
  DashboardOutlined,
  ClusterOutlined,
  FireOutlined,
  SignalFilled,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeviceCategory, ModelId } from '@sbuilding/shared';
import { useKeyLabel } from '@/lib/key-label';

/** One icon per device category of the catalogue, the same on every screen (lists, plans, pickers). */
const ICONS: Record<DeviceCategory, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  ac: FireOutlined,
  light: BulbOutlined,
  lightPanel: AppstoreOutlined,
  bleGateway: WifiOutlined,
  acGateway: ClusterOutlined,
  gateway4g: SignalFilled,
  fieldBridge: ClusterOutlined,
  ammeter: DashboardOutlined,
  airSensor: CloudOutlined,
  thSensor: ApiOutlined,
  pirSensor: UserOutlined,
};

export function DeviceCategoryIcon({ category }: { category: DeviceCategory }) {
  const Icon = ICONS[category];
  return <Icon aria-hidden />;
}

/** The category's icon and translated name (the name is what screen readers read). */
export function DeviceCategoryLabel({ category }: { category: DeviceCategory }) {
  const { t } = useTranslation();
  return (
    <Space size={4}>
      <DeviceCategoryIcon category={category} />
      <span>{t(`catalogue.categories.${category}`)}</span>
    </Space>
  );
}

/** Translated names of the catalogue: categories, models and telemetry readings. */
export function useCatalogueLabels() {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  return {
    category: (category: DeviceCategory) => t(`catalogue.categories.${category}`),
    model: (model: ModelId) => t(`catalogue.models.${model}`),
    telemetry: keyLabel,
  };
}
