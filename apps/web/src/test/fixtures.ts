import type { Building } from '@sbuilding/shared';

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
