import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoTenantId } from '../../test/tenants.js';
import { files } from '../files/tables.js';
import { findSvgHazards } from '../files/svg-sanitizer.js';
import { projects } from '../projects/tables.js';
import { buildings, floors, zones } from './tables.js';
import { seedBuildings } from './seed.js';

let t: TestApp;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [campus] = await t.app.db.select().from(projects).where(eq(projects.projectName, 'Demo Campus'));
  projectId = campus?.id ?? 0;
});
afterAll(() => t.close());

async function campus() {
  const halls = await t.app.db.select().from(buildings).where(eq(buildings.projectId, projectId));
  const levels = await t.app.db
    .select()
    .from(floors)
    .where(
      inArray(
        floors.buildingId,
        halls.map((h) => h.id),
      ),
    );
  const rooms = await t.app.db
    .select()
    .from(zones)
    .where(
      inArray(
        zones.floorId,
        levels.map((f) => f.id),
      ),
    );
  return { halls, levels, rooms };
}

describe('the demo buildings', () => {
  it('gives Demo Campus buildings A and B in Zhangjiang, Shanghai, with three floors each', async () => {
    const { halls, levels } = await campus();
    expect(halls.map((h) => h.name).sort()).toEqual(['Building A', 'Building B']);
    for (const hall of halls) {
      expect(hall.longitude).toBeGreaterThan(121.55);
      expect(hall.longitude).toBeLessThan(121.65);
      expect(hall.latitude).toBeGreaterThan(31.15);
      expect(hall.latitude).toBeLessThan(31.25);
      expect(
        levels
          .filter((f) => f.buildingId === hall.id)
          .map((f) => f.mark)
          .sort(),
      ).toEqual(['F1', 'F2', 'F3']);
    }
  });

  it('stores six different, sanitized office floor plans in the upload directory', async () => {
    const { levels } = await campus();
    const plans = await t.app.db
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          levels.flatMap((f) => f.planId ?? []),
        ),
      );
    expect(plans).toHaveLength(6);
    const texts = plans.map((plan) =>
      fs.readFileSync(path.join(t.app.config.uploadDir, plan.storedName), 'utf8'),
    );
    expect(new Set(texts).size).toBe(6);
    for (const [i, text] of texts.entries()) {
      expect(findSvgHazards(text)).toEqual([]);
      expect(text).toMatch(/Corridor/);
      expect(text).toMatch(/Stairs/);
      expect(text).toMatch(/Office [AB]\d{3}/);
      expect(plans[i]).toMatchObject({ kind: 'svg', mime: 'image/svg+xml', viewBox: [0, 0, 1000, 600] });
      expect(plans[i]?.tenantId).toBe(await demoTenantId(t));
    }
  });

  it('draws a zone for every room, corridor and lobby as a rectangle inside its plan, named on the plan', async () => {
    const { levels, rooms } = await campus();
    expect(new Set(rooms.map((z) => z.type))).toEqual(
      new Set(['office', 'meeting', 'corridor', 'lobby', 'pantry', 'restroom']),
    );
    for (const floor of levels) {
      const own = rooms.filter((z) => z.floorId === floor.id);
      expect(own.length).toBeGreaterThanOrEqual(9);
      const [plan] = await t.app.db
        .select()
        .from(files)
        .where(eq(files.id, floor.planId ?? ''));
      const text = fs.readFileSync(path.join(t.app.config.uploadDir, plan?.storedName ?? ''), 'utf8');
      for (const zone of own) {
        expect(text).toContain(`>${zone.name}<`);
        const shape = zone.shape;
        if (shape?.kind !== 'rect') throw new Error(`zone ${zone.name} is not a rectangle`);
        expect(shape.x).toBeGreaterThanOrEqual(0);
        expect(shape.y).toBeGreaterThanOrEqual(0);
        expect(shape.x + shape.w).toBeLessThanOrEqual(1000);
        expect(shape.y + shape.h).toBeLessThanOrEqual(600);
        expect(text).toContain(`x="${shape.x}" y="${shape.y}" width="${shape.w}" height="${shape.h}"`);
      }
    }
  });

  it('is idempotent: running it again adds nothing', async () => {
    const before = await campus();
    await seedBuildings(t.app.db, t.app.files.store, await demoTenantId(t), projectId);
    const after = await campus();
    expect(after.halls).toHaveLength(before.halls.length);
    expect(after.levels).toHaveLength(before.levels.length);
    expect(after.rooms).toHaveLength(before.rooms.length);
  });
});
