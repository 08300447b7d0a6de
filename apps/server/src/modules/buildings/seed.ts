import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { saveFile } from '../files/index.js';
import type { FileStore } from '../files/index.js';
import { sanitizeSvg } from '../files/index.js';
import { floorPlan, type FloorLayout } from './floor-plan.js';
import { buildings, floors, zones } from './tables.js';

/** Serialises the building seed when several server processes start on an empty database at once. */
const SEED_LOCK = 727_003;

interface DemoFloor {
  name: string;
  mark: string;
  tags: string[];
  layout: FloorLayout;
}

/** Three floors of offices; each building numbers its rooms with its letter. */
function demoFloors(letter: string): DemoFloor[] {
  const room = (n: number) => `${letter}${n}`;
  return [
    {
      name: '1st floor',
      mark: 'F1',
      tags: ['lobby', 'reception'],
      layout: {
        north: [
          ['Lobby', 'lobby', 300],
          [`Meeting Room ${room(101)}`, 'meeting', 180],
          [`Office ${room(102)}`, 'office', 200],
          [`Office ${room(103)}`, 'office', 180],
        ],
        south: [
          [`Office ${room(104)}`, 'office', 240],
          [`Office ${room(105)}`, 'office', 240],
          ['Pantry', 'pantry', 160],
          [`Meeting Room ${room(106)}`, 'meeting', 200],
          ['Restroom', 'restroom', 120],
        ],
      },
    },
    {
      name: '2nd floor',
      mark: 'F2',
      tags: ['offices', 'open plan'],
      layout: {
        north: [
          [`Office ${room(201)}`, 'office', 220],
          [`Office ${room(202)}`, 'office', 220],
          [`Meeting Room ${room(203)}`, 'meeting', 220],
          [`Office ${room(204)}`, 'office', 200],
        ],
        south: [
          [`Open Office ${room(205)}`, 'office', 420],
          [`Meeting Room ${room(206)}`, 'meeting', 180],
          ['Pantry', 'pantry', 120],
          [`Office ${room(207)}`, 'office', 120],
          ['Restroom', 'restroom', 120],
        ],
      },
    },
    {
      name: '3rd floor',
      mark: 'F3',
      tags: ['offices', 'boardroom'],
      layout: {
        north: [
          [`Boardroom ${room(301)}`, 'meeting', 320],
          [`Office ${room(302)}`, 'office', 180],
          [`Office ${room(303)}`, 'office', 180],
          [`Office ${room(304)}`, 'office', 180],
        ],
        south: [
          [`Office ${room(305)}`, 'office', 200],
          [`Office ${room(306)}`, 'office', 200],
          [`Office ${room(307)}`, 'office', 200],
          [`Meeting Room ${room(308)}`, 'meeting', 240],
          ['Restroom', 'restroom', 120],
        ],
      },
    },
  ];
}

/** Two buildings of Zhangjiang Hi-Tech Park, Pudong, Shanghai (WGS-84). */
const DEMO_BUILDINGS = [
  {
    name: 'Building A',
    letter: 'A',
    longitude: 121.6018,
    latitude: 31.2036,
    address: '88 Keyuan Road, Building A, Zhangjiang Hi-Tech Park, Pudong New Area, Shanghai',
    mirrored: false,
  },
  {
    name: 'Building B',
    letter: 'B',
    longitude: 121.6031,
    latitude: 31.2029,
    address: '88 Keyuan Road, Building B, Zhangjiang Hi-Tech Park, Pudong New Area, Shanghai',
    mirrored: true,
  },
] as const;

/**
 * The demo project's buildings: two, three floors each with an office floor plan (stored through the same
 * sanitizer and file store as an upload) and a zone per room drawn as the room's rectangle. Idempotent: a
 * project that already has buildings is left as it is.
 */
export async function seedBuildings(
  db: Db,
  store: FileStore,
  tenantId: number,
  projectId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.projectId, projectId))
      .limit(1);
    if (existing) return;
    for (const spec of DEMO_BUILDINGS) {
      const [building] = await tx
        .insert(buildings)
        .values({
          tenantId,
          projectId,
          name: spec.name,
          longitude: spec.longitude,
          latitude: spec.latitude,
          address: spec.address,
        })
        .returning({ id: buildings.id });
      if (!building) throw new Error('demo building missing after insert');
      for (const [index, floor] of demoFloors(spec.letter).entries()) {
        const plan = floorPlan(`${spec.name}, ${floor.name}`, floor.layout, spec.mirrored);
        const sanitized = await sanitizeSvg(Buffer.from(plan.svg, 'utf8'));
        const file = await saveFile(tx, store, {
          tenantId,
          kind: 'svg',
          mime: 'image/svg+xml',
          bytes: Buffer.from(sanitized.svg, 'utf8'),
          originalName: `${spec.letter}-${floor.mark}.svg`,
          viewBox: sanitized.viewBox,
          createdBy: null,
        });
        const [row] = await tx
          .insert(floors)
          .values({
            tenantId,
            buildingId: building.id,
            name: floor.name,
            mark: floor.mark,
            area: plan.area,
            planId: file.id,
            tags: floor.tags,
            sort: index + 1,
          })
          .returning({ id: floors.id });
        if (!row) throw new Error('demo floor missing after insert');
        await tx.insert(zones).values(
          plan.rooms.map((room) => ({
            tenantId,
            floorId: row.id,
            name: room.name,
            type: room.type,
            shape: { kind: 'rect' as const, x: room.x, y: room.y, w: room.w, h: room.h },
          })),
        );
      }
    }
  });
}
