import { Descriptions, Image, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { DEVICE_MODELS, type DeviceInfo } from '@sbuilding/shared';
import { DeviceCategoryLabel } from '@/components/device-category';
import { fieldValueText } from './field-value';
import { placeOf } from './device-table';
import { OnlineBadge } from './online-badge';

const IMAGES = [
  ['positionImageId', 'positionImageUrl'],
  ['horizontalImageId', 'horizontalImageUrl'],
  ['verticalImageId', 'verticalImageUrl'],
] as const;

/** Every section 3 field of the device: where it is, its model's fields as saved, its pictures. */
export function DeviceRegistryFields({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const model = DEVICE_MODELS[device.model];
  const modelItems = model.createFields
    .filter((field) => field.name !== 'name')
    .map((field) => ({
      key: field.name,
      label: t(`fields.${field.name}`),
      // A gateway reference reads as the gateway's name, not its id.
      children:
        field.kind === 'deviceRef'
          ? (device.parentName ?? fieldValueText(t, field, device.props[field.name]))
          : fieldValueText(t, field, device.props[field.name]),
    }));
  const items = [
    { key: 'name', label: t('fields.name'), children: device.name },
    {
      key: 'category',
      label: t('fields.category'),
      children: <DeviceCategoryLabel category={device.category} />,
    },
    { key: 'model', label: t('fields.model'), children: t(`catalogue.models.${device.model}`) },
    { key: 'online', label: t('fields.online'), children: <OnlineBadge online={device.online} /> },
    { key: 'building', label: t('fields.buildingId'), children: device.buildingName },
    { key: 'place', label: t('devices.place'), children: placeOf(device) },
    { key: 'position', label: t('fields.position'), children: device.position || '-' },
    ...modelItems,
    {
      key: 'lastActivity',
      label: times.titled(t('devices.lastActivity')),
      children: device.lastActivityTime ? times.format(device.lastActivityTime) : t('devices.neverConnected'),
    },
    {
      key: 'createTime',
      label: times.titled(t('fields.createTime')),
      children: times.format(device.createTime),
    },
    {
      key: 'groups',
      label: t('devices.groups'),
      children:
        device.groups.length > 0
          ? device.groups.map((g) => <Tag key={g.id}>{g.name}</Tag>)
          : t('devices.noGroups'),
    },
    ...IMAGES.map(([idKey, urlKey]) => ({
      key: idKey,
      label: t(`fields.${idKey}`),
      children: device[urlKey] ? (
        <Image src={device[urlKey] ?? undefined} width={96} alt={t(`fields.${idKey}`)} />
      ) : (
        t('devices.noImage')
      ),
    })),
  ];
  return <Descriptions size="small" column={1} bordered items={items} />;
}
