import type { DeviceFieldValue, MarkBelongType, ModelId, ZoneShape } from '@sbuilding/shared';

/*
 * Which demo devices sit where on a demo floor: pure data from the floor's zones, so the seed that writes
 * them stays short and this can be read (and tested) on its own.
 */

export interface SeedZone {
  id: number;
  name: string;
  type: string;
  shape: ZoneShape | null;
}

/** The gateway a planned device sits behind, by role on its floor (or the building's 4G gateway). */
export type SeedParent = 'ble' | 'ac' | 'gw4g';
export type SeedGroup = 'corridorLights' | 'acs';

export interface PlannedDevice {
  model: ModelId;
  name: string;
  zone: SeedZone;
  /** The model's create fields other than name, placement and the gateway reference. */
  fields: Record<string, DeviceFieldValue>;
  parent?: SeedParent;
  group?: SeedGroup;
  mark: {
    name: string;
    belongType: MarkBelongType;
    /** A node of the building's Bluetooth mesh. */
    mesh: boolean;
    proxy?: boolean;
    relay?: boolean;
    buttons?: [left: string, mid: string, right: string];
  };
}

/** Unique MAC addresses and last-12 codes across the demo tenant. */
export class DemoSerials {
  private n = 0;
  mac(): string {
    this.n++;
    const hex = (v: number) => v.toString(16).padStart(2, '0').toUpperCase();
    return `02:5B:00:${hex((this.n >> 16) & 255)}:${hex((this.n >> 8) & 255)}:${hex(this.n & 255)}`;
  }
  code(): string {
    this.n++;
    return `DEMO${String(this.n).padStart(8, '0')}`;
  }
}

const ble = (serials: DemoSerials) => ({ macAddr: serials.mac(), codeAddr: serials.code() });

/** A floor's devices: see the demo data (a dozen lights and panels behind a Bluetooth gateway, ...). */
export function planFloor(
  building: { letter: string; index: number },
  floor: { mark: string; index: number },
  zones: SeedZone[],
  serials: DemoSerials,
): PlannedDevice[] {
  const corridor = zones.find((z) => z.type === 'corridor');
  const rooms = zones.filter((z) => z.type !== 'corridor');
  if (!corridor || rooms.length === 0) return [];
  const at = `${building.letter}-${floor.mark}`;
  const level = `${building.letter}${floor.index + 1}`;
  const byType = (...types: string[]) => rooms.filter((r) => types.includes(r.type));
  const firstOf = (...types: string[]) => byType(...types)[0] ?? rooms[0] ?? corridor;
  const out: PlannedDevice[] = [];
  const lighting = { belongType: 'lighting' as const, mesh: true };

  out.push({
    model: 'ba',
    name: `${at} BLE gateway`,
    zone: corridor,
    fields: { ...ble(serials), serverAddr: 'mqtt://sbuilding.local', port: 1883 },
    mark: { name: `G-${level}`, ...lighting, proxy: true, relay: true },
  });
  const lightZones = [corridor, corridor, corridor, corridor, ...rooms.slice(0, 8)];
  lightZones.forEach((zone, i) => {
    const inCorridor = zone === corridor;
    const model: ModelId = i % 3 === 2 ? 'e90' : 's2';
    out.push({
      model,
      name: inCorridor ? `${at} corridor light ${i + 1}` : `${zone.name} light`,
      zone,
      fields:
        model === 'e90'
          ? { ...ble(serials), sensorType: 'dimmer' }
          : { ...ble(serials), manufacturerCode: 'SB' },
      parent: 'ble',
      ...(inCorridor ? { group: 'corridorLights' as const } : {}),
      mark: { name: `L-${level}${String(i + 1).padStart(2, '0')}`, ...lighting, relay: true },
    });
  });
  const panelRooms = [...byType('lobby', 'meeting'), ...byType('office')].slice(0, 3);
  panelRooms.forEach((zone, i) => {
    const three = i === 2;
    out.push({
      model: 'kxx',
      name: `${zone.name} panel`,
      zone,
      fields: { ...ble(serials), panelType: three ? 'three' : 'double' },
      parent: 'ble',
      mark: {
        name: `P-${level}${i + 1}`,
        ...lighting,
        buttons: three ? ['Lights', 'Blinds', 'Projector'] : ['Lights', '', 'Blinds'],
      },
    });
  });
  [...byType('meeting'), ...byType('office')].slice(0, 2).forEach((zone, i) =>
    out.push({
      model: 'pir10',
      name: `${zone.name} PIR`,
      zone,
      fields: ble(serials),
      parent: 'ble',
      mark: { name: `S-${level}${i + 1}`, ...lighting },
    }),
  );
  out.push({
    model: 'cc10',
    name: `${at} AC gateway`,
    zone: corridor,
    fields: {
      gatewayAddr: 1,
      serverAddr: `192.168.${10 + building.index}.${20 + floor.index}`,
      port: 502,
      label: `${at} VRF`,
    },
    mark: { name: `C-${level}`, belongType: 'hvac', mesh: false },
  });
  byType('office', 'meeting', 'lobby')
    .slice(0, 5)
    .forEach((zone, i) =>
      out.push({
        model: 'ac20',
        name: `${zone.name} AC`,
        zone,
        fields: { indoorAddr: i + 1, outdoorAddr: 1, label: `IDU ${i + 1}` },
        parent: 'ac',
        group: 'acs',
        mark: { name: `AC-${level}${i + 1}`, belongType: 'hvac', mesh: false },
      }),
    );
  const meterCode = serials.code();
  for (let channel = 1; channel <= 4; channel++) {
    out.push({
      model: 'ammeter4g',
      name: `${at} ammeter ch${channel}`,
      zone: corridor,
      fields: { codeAddr: meterCode, channel, ratio: 1, transformerRatio: 100 },
      parent: 'gw4g',
      mark: { name: `M-${level}${channel}`, belongType: 'powerPlug', mesh: false },
    });
  }
  const office = firstOf('office');
  out.push({
    model: 'sair4g',
    name: `${office.name} air sensor`,
    zone: office,
    fields: { codeAddr: serials.code(), serverAddr: 'iot.sbuilding.local', port: 1883, protocol: 'mqtt' },
    mark: { name: `Q-${level}`, belongType: 'other', mesh: false },
  });
  const meeting = firstOf('meeting');
  out.push({
    model: 'th10',
    name: `${meeting.name} temperature sensor`,
    zone: meeting,
    fields: ble(serials),
    parent: 'ble',
    mark: { name: `T-${level}`, ...lighting, belongType: 'other' },
  });
  return out;
}

/** The building's 4G gateway, on its first floor's corridor. */
export function planGateway4g(letter: string, corridor: SeedZone, serials: DemoSerials): PlannedDevice {
  return {
    model: 'gw4g',
    name: `Building ${letter} 4G gateway`,
    zone: corridor,
    fields: { codeAddr: serials.code(), serverAddr: 'iot.sbuilding.local', port: 1883, protocol: 'mqtt' },
    mark: { name: `W-${letter}`, belongType: 'other', mesh: false },
  };
}

/**
 * Where a zone's marks go down its height (fractions), row by row: above and below its middle, which is where
 * the plan draws the room's name and area (floor-plan.ts), so marks leave the name readable.
 */
const ROW_SPOTS = [0.2, 0.82, 0.08, 0.94];

/**
 * Positions for `count` marks inside a zone, in plan units: a single row along a corridor-like zone (much
 * wider than tall), half on each side of its middle; otherwise a grid of up to three columns whose rows sit
 * above and below the middle. Either way the middle, where the plan names the room, stays clear.
 */
export function positionsIn(shape: ZoneShape | null, count: number): { x: number; y: number }[] {
  const box = boundsOf(shape);
  const round = (v: number) => Math.round(v * 10) / 10;
  if (box.w > 4 * box.h) {
    const left = Math.ceil(count / 2);
    const right = count - left;
    // Evenly over the side's share of the width (0-44 % or 56-100 %), each mark in the middle of its slot.
    const along = (i: number, of: number, from: number) => from + (0.44 * (i + 0.5)) / Math.max(of, 1);
    return Array.from({ length: count }, (_, i) => ({
      x: round(box.x + box.w * (i < left ? along(i, left, 0) : along(i - left, right, 0.56))),
      y: round(box.y + box.h / 2),
    }));
  }
  const cols = Math.min(count, 3);
  return Array.from({ length: count }, (_, i) => {
    const row = Math.floor(i / Math.max(cols, 1));
    const spot = ROW_SPOTS[row % ROW_SPOTS.length] ?? 0.5;
    return {
      x: round(box.x + (box.w * ((i % cols) + 0.5)) / cols),
      y: round(box.y + box.h * spot),
    };
  });
}

function boundsOf(shape: ZoneShape | null): { x: number; y: number; w: number; h: number } {
  if (!shape) return { x: 0, y: 0, w: 1000, h: 600 };
  if (shape.kind === 'rect') return shape;
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}
