import { describe, expect, it } from 'vitest';
import type { WxHallDetail } from '@sbuilding/shared';
import { applyReading, deviceIdsOf } from './hall-state';

const DETAIL: WxHallDetail = {
  hall: { id: 1, name: 'Building A', address: '', imageUrl: null, projectId: 5, projectName: 'Demo Campus' },
  floors: [
    {
      id: 2,
      name: 'F1',
      rooms: [
        {
          zoneId: 3,
          name: 'Room 101',
          air: null,
          lights: [
            {
              id: 7,
              name: 'Light 101',
              model: 's2',
              online: true,
              dimmable: true,
              tunable: true,
              state: { onOff: false, lightnessLevel: 0, colorTemp: 4000 },
            },
          ],
          acs: [
            {
              id: 9,
              name: 'AC 101',
              model: 'ac20',
              online: true,
              supportsAuto: false,
              state: { onOff: true, workMode: 'cool', fanSpeed: 'low', targetTemp: 24, roomTemp: 27 },
            },
          ],
        },
      ],
    },
  ],
  lightsOn: 0,
  lightsTotal: 1,
  acsOn: 1,
  acsTotal: 1,
};

describe('live values over the building', () => {
  it('lays a light report over its state and counts the lights on again', () => {
    const next = applyReading(DETAIL, 7, { onOff: 1, lightnessLevel: 128 });
    expect(next.floors[0]?.rooms[0]?.lights[0]?.state).toEqual({
      onOff: true,
      lightnessLevel: 128,
      colorTemp: 4000,
    });
    expect(next.lightsOn).toBe(1);
  });

  it("keeps what a report does not say, and refuses values outside the spec's lists", () => {
    const next = applyReading(DETAIL, 9, { workMode: 'sleep', targetTemp: 22, onOff: false });
    expect(next.floors[0]?.rooms[0]?.acs[0]?.state).toEqual({
      onOff: false,
      workMode: 'cool',
      fanSpeed: 'low',
      targetTemp: 22,
      roomTemp: 27,
    });
    expect(next.acsOn).toBe(0);
  });

  it('follows every light and AC shown', () => {
    expect(deviceIdsOf(DETAIL)).toEqual([7, 9]);
    expect(deviceIdsOf(undefined)).toEqual([]);
  });
});
