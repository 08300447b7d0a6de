import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_SERVICE_LEVELS,
  type WorkOrderSettings,
  type workOrderSettingsBodySchema,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { workOrderSettings } from './tables.js';

type SettingsInput = z.infer<typeof workOrderSettingsBodySchema>;

/** A project's settings as they apply (the defaults until its administrator saves some). */
export async function readSettings(db: Db, projectId: number): Promise<WorkOrderSettings> {
  const [row] = await db.select().from(workOrderSettings).where(eq(workOrderSettings.projectId, projectId));
  if (!row) {
    return {
      projectId,
      serviceLevels: DEFAULT_SERVICE_LEVELS,
      autoFromAlerts: { enabled: false, levels: [], types: [] },
      version: 0,
    };
  }
  return {
    projectId,
    serviceLevels: row.serviceLevels,
    autoFromAlerts: { enabled: row.autoEnabled, levels: row.autoLevels, types: row.autoTypes },
    version: row.version,
  };
}

/** GET /sbuilding/workorder/settings */
export async function getSettings(db: Db, scope: Scope, projectId: number): Promise<WorkOrderSettings> {
  await findProject(db, scope, projectId);
  return readSettings(db, projectId);
}

/**
 * POST /sbuilding/workorder/settings: replaces them at the version read (0: never saved). A save carrying an
 * older version, or two first saves at once, answers 409. New service levels apply to work orders made after.
 */
export async function saveSettings(db: Db, scope: Scope, body: SettingsInput): Promise<WorkOrderSettings> {
  const project = await findProject(db, scope, body.projectId);
  const values = {
    serviceLevels: body.serviceLevels,
    autoEnabled: body.autoFromAlerts.enabled,
    autoLevels: body.autoFromAlerts.levels,
    autoTypes: body.autoFromAlerts.types,
    updatedAt: new Date(),
  };
  const s = workOrderSettings;
  const saved =
    body.version === 0
      ? await db
          .insert(s)
          .values({ projectId: project.id, tenantId: project.tenantId, ...values })
          .onConflictDoNothing()
          .returning({ version: s.version })
      : await db
          .update(s)
          .set({ ...values, version: body.version + 1 })
          .where(and(eq(s.projectId, project.id), eq(s.version, body.version)))
          .returning({ version: s.version });
  if (saved.length === 0) throw conflict();
  return readSettings(db, project.id);
}
