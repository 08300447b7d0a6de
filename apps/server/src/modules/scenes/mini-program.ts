/**
 * Scenes offered in the mini-program: the ones a tbAdmin marked for it, enabled, whose targets all stand
 * in one building. Its occupants (weixin customers of that building) see them as buttons and run them.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Lang, SceneRun, TerminalSource } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { inHalls, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { expandTargets } from './evaluate.js';
import { executeScene } from './run.js';
import { findScene, type SceneDeps } from './service.js';
import { scenes } from './tables.js';

type SceneRow = typeof scenes.$inferSelect;

export interface OfferedScene {
  id: number;
  name: string;
  category: SceneRow['category'];
}

/** The one building every target of the scene stands in now; null when none, or several. */
async function buildingOf(db: Db, row: SceneRow): Promise<number | null> {
  const devices = await expandTargets(db, row.rules.targets);
  const ids = new Set(devices.map((d) => d.device.buildingId));
  const [only] = ids;
  return ids.size === 1 && only !== undefined ? only : null;
}

/** The scenes of a project offered to the occupants of `hallId` (the caller has found the building). */
export async function scenesOfferedIn(
  db: Db,
  scope: Scope,
  projectId: number,
  hallId: number,
): Promise<OfferedScene[]> {
  const rows = await db
    .select()
    .from(scenes)
    .where(
      and(
        tenantFilter(scope, scenes.tenantId),
        eq(scenes.projectId, projectId),
        eq(scenes.enabled, true),
        eq(scenes.miniProgram, true),
      ),
    )
    .orderBy(asc(scenes.name), asc(scenes.id));
  const offered: OfferedScene[] = [];
  for (const row of rows) {
    if ((await buildingOf(db, row)) === hallId) {
      offered.push({ id: row.id, name: row.name, category: row.category });
    }
  }
  return offered;
}

/**
 * Runs an offered scene now for someone in the mini-program (its commands logged with `terminal`). A scene
 * whose building is not the caller's answers 404 like an unknown id; one of the caller's buildings that is
 * not offered (not marked, disabled) answers 403 `wx.sceneUnavailable`.
 */
export async function runOfferedScene(
  deps: SceneDeps,
  scope: Scope,
  id: number,
  user: { lang: Lang; userName: string; terminal: TerminalSource },
): Promise<SceneRun> {
  const row = await findScene(deps.db, scope, id);
  const hallId = await buildingOf(deps.db, row);
  if (hallId === null || !inHalls(scope, hallId)) throw notFound();
  if (!row.enabled || !row.miniProgram) throw forbidden('wx.sceneUnavailable');
  return executeScene(deps, scope, id, user);
}
