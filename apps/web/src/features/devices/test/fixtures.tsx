import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import {
  DEVICE_CATEGORIES,
  DEVICE_LABELS,
  modelsOfCategory,
  type Building,
  type Device,
  type DeviceCategoryOption,
  type Floor,
} from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { seen } from '@/test/http';

export const WAIT = { timeout: 15_000 };

/** What getDevCategorys answers in English: every category with its models. */
export const CATEGORIES: DeviceCategoryOption[] = DEVICE_CATEGORIES.map((category) => ({
  category,
  name: DEVICE_LABELS.en.categories[category],
  models: modelsOfCategory(category).map((m) => ({ model: m.id, name: DEVICE_LABELS.en.models[m.id] })),
}));

export const BUILDING: Building = {
  id: 11,
  tenantId: 1,
  projectId: 5,
  name: 'Building A',
  longitude: 121.6,
  latitude: 31.2,
  address: '88 Keyuan Road',
  imageId: null,
  imageUrl: null,
  miniProgramEnabled: false,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

export const FLOOR: Floor = {
  id: 21,
  tenantId: 1,
  buildingId: 11,
  name: 'F2',
  mark: '',
  area: null,
  imageId: null,
  imageUrl: null,
  planId: null,
  planUrl: null,
  planViewBox: null,
  tags: [],
  sort: 2,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

export function device(overrides: Partial<Device> = {}): Device {
  return {
    id: 9,
    tenantId: 1,
    projectId: 5,
    buildingId: 11,
    buildingName: 'Building A',
    floorId: 21,
    floorName: 'F2',
    zoneId: null,
    zoneName: null,
    model: 'e90',
    category: 'light',
    name: 'Lobby sensor',
    position: 'Above the door',
    props: { macAddr: 'AA:BB:CC:DD:EE:01', codeAddr: 'ABCDEF123456', sensorType: 'sensor', uiMode: null },
    parentId: null,
    parentName: null,
    online: true,
    lastActivityTime: null,
    positionImageId: null,
    positionImageUrl: null,
    horizontalImageId: null,
    horizontalImageUrl: null,
    verticalImageId: null,
    verticalImageUrl: null,
    markId: null,
    version: 1,
    createTime: '2026-01-02T08:00:00Z',
    updateTime: '2026-01-02T08:00:00Z',
    ...overrides,
  };
}

export const sent = (url: string, method: string) => seen.filter((c) => c.url === url && c.method === method);

/** `ui` at `path`, with a /device page to land on after a create. */
export function renderAt(ui: ReactNode, path = '/', route = '/') {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="/device" element={<p>device list page</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}
