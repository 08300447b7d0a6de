import type { Building, Device } from '@sbuilding/shared';

/*
 * Records that several pages' tests read alike. A test that needs a record of its own (another address,
 * another project) writes it next to itself; change one here only for every test that uses it.
 */

/** Building A of project 5: the one building the boards' tests (air, space, AC, light) choose from. */
export const BUILDING: Building = {
  id: 11,
  tenantId: 1,
  projectId: 5,
  name: 'Building A',
  longitude: 121.6,
  latitude: 31.2,
  address: '',
  imageId: null,
  imageUrl: null,
  miniProgramEnabled: false,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

/** A device on floor 2F of Building A, in room <id>, online: the device pickers' tests (group form, scene wizard) list these. */
export function roomDevice(
  id: number,
  name: string,
  category: Device['category'],
  model: Device['model'],
): Device {
  return {
    id,
    tenantId: 1,
    projectId: 5,
    buildingId: 11,
    buildingName: 'Building A',
    floorId: 3,
    floorName: '2F',
    zoneId: null,
    zoneName: null,
    model,
    category,
    name,
    position: `Room ${id}`,
    props: {},
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
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
  };
}
