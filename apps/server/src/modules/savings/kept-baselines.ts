import { sql } from 'drizzle-orm';
import type { SavingOwnerKind } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import type { KeptBaseline } from './baseline-arithmetic.js';
import { rowsOf } from '../../platform/db/rows.js';
import { savingBaselines } from './tables.js';

/*
 * The kept baselines' rows (tables.ts, saving_baselines): what a device's own comparable days gave, kept per
 * owner, device, day type and saving date, and read back for a saving that has no comparable day of its own.
 */

/** Whose baseline is kept: a device's under one owner. */
export interface KeptKey {
  tenantId: number;
  projectId: number;
  deviceId: number;
  ownerKind: SavingOwnerKind;
  ownerId: number;
}

/**
 * Keeps the baselines read from devices' own comparable days (one row per device, owner, day type and saving
 * date; rewritten only when a later read differs, so `computedAt` says when these figures were read).
 */
export async function keepBaselines(
  db: Db,
  rows: (KeptKey & Omit<KeptBaseline, 'computedAt'>)[],
): Promise<void> {
  const unique = [
    ...new Map(
      rows.map((r) => [`${r.deviceId}:${r.ownerKind}:${r.ownerId}:${r.workday}:${r.savingDate}`, r]),
    ).values(),
  ];
  for (let i = 0; i < unique.length; i += 500) {
    await db
      .insert(savingBaselines)
      .values(unique.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [
          savingBaselines.deviceId,
          savingBaselines.ownerKind,
          savingBaselines.ownerId,
          savingBaselines.workday,
          savingBaselines.savingDate,
        ],
        set: { share: sql`excluded.share`, days: sql`excluded.days`, computedAt: sql`now()` },
        setWhere: sql`${savingBaselines.share} is distinct from excluded.share
          or ${savingBaselines.days} is distinct from excluded.days`,
      });
  }
}

/**
 * For each wanted (device, owner, day type, date), the most recent kept baseline at or before that date,
 * within the scope: one statement per 500 (lateral probes of the key's index).
 */
export async function keptBaselines(
  db: Db,
  scope: Scope,
  wanted: readonly (KeptKey & { i: number; workday: boolean; savingDate: string })[],
): Promise<Map<number, KeptBaseline>> {
  const out = new Map<number, KeptBaseline>();
  const scoped = tenantFilter(scope, savingBaselines.tenantId);
  for (let n = 0; n < wanted.length; n += 500) {
    const batch = wanted.slice(n, n + 500).map((w) => ({
      i: w.i,
      d: w.deviceId,
      k: w.ownerKind,
      o: w.ownerId,
      w: w.workday,
      s: w.savingDate,
      p: w.projectId,
    }));
    const result = await db.execute(sql`
      select e.i as "i", b.workday as "workday", b.saving_date as "savingDate", b.share as "share",
        b.days as "days", b.computed_at as "computedAt"
      from json_to_recordset(${JSON.stringify(batch)}::json)
        as e(i int, d int, k text, o int, w boolean, s text, p int)
      join lateral (select * from ${savingBaselines}
        where ${savingBaselines.deviceId} = e.d and ${savingBaselines.ownerKind} = e.k
          and ${savingBaselines.ownerId} = e.o and ${savingBaselines.workday} = e.w
          and ${savingBaselines.savingDate} <= e.s and ${savingBaselines.projectId} = e.p
          ${scoped ? sql`and ${scoped}` : sql``}
        order by ${savingBaselines.savingDate} desc limit 1) b on true`);
    for (const row of rowsOf(result)) {
      const days: unknown = typeof row.days === 'string' ? JSON.parse(row.days) : row.days;
      out.set(Number(row.i), {
        workday: row.workday === true || row.workday === 't',
        savingDate: String(row.savingDate),
        share: Number(row.share),
        days: Array.isArray(days) ? days.map(String) : [],
        computedAt: row.computedAt instanceof Date ? row.computedAt : new Date(String(row.computedAt)),
      });
    }
  }
  return out;
}
