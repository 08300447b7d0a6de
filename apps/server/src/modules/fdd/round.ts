import { and, eq, inArray } from 'drizzle-orm';
import { FDD_CLEAR_AFTER_MINUTES, FDD_RULE_DELAY_MINUTES } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { priceAt } from '../energy-billing/index.js';
import { gatherRound } from './gather.js';
import { evaluate, type Hit } from './rules.js';
import { fddFindings } from './tables.js';

/** Waste counts between two looks for at most this long (a server that was down counts nothing for the gap). */
export const MAX_STEP_MS = 5 * 60_000;

export interface RoundProject {
  id: number;
  tenantId: number;
  timeZone: string;
}

/** What a round changed, for the events and the tests. */
export interface RoundResult {
  raised: number[];
  cleared: number[];
}

const key = (deviceId: number, rule: string) => `${deviceId}:${rule}`;

/**
 * One round of the rules in one project at `now`: each rule holding for a device opens a finding (shown once
 * it has held for the rule's delay), adds the waste since the last look to a finding it holds for (priced at
 * this hour's tariff), and marks fixed a shown finding whose condition has been gone FDD_CLEAR_AFTER_MINUTES
 * (at once after a person asked for the fix). A dismissed finding keeps its device and rule quiet. A device
 * offline is not judged: its findings wait.
 */
export async function runRound(db: Db, project: RoundProject, now: Date): Promise<RoundResult> {
  const input = await gatherRound(db, project, now);
  const hits = new Map<string, Hit>(evaluate(input).map((h) => [key(h.deviceId, h.rule), h]));
  const placeOf = new Map(input.devices.map((d) => [d.id, d]));
  const offline = new Set(input.devices.filter((d) => !d.online).map((d) => d.id));
  const kept = await db
    .select()
    .from(fddFindings)
    .where(
      and(
        eq(fddFindings.projectId, project.id),
        inArray(fddFindings.status, ['open', 'acknowledged', 'dismissed']),
      ),
    );
  const pricing = hits.size > 0 ? await priceAt(db, project, now) : { price: 0, kgPerKwh: 0 };
  const result: RoundResult = { raised: [], cleared: [] };
  const seen = new Set<string>();

  for (const finding of kept) {
    const k = key(finding.deviceId, finding.rule);
    seen.add(k);
    const hit = hits.get(k);
    if (finding.status === 'dismissed') continue;
    if (hit) {
      const step = Math.min(MAX_STEP_MS, Math.max(0, now.getTime() - finding.checkedAt.getTime()));
      const kwh = (hit.evidence.wasteWatts * step) / 3_600_000 / 1000;
      const held = now.getTime() - finding.firstSeen.getTime();
      const raise = finding.raisedAt === null && held >= FDD_RULE_DELAY_MINUTES[finding.rule] * 60_000;
      await db
        .update(fddFindings)
        .set({
          lastSeen: now,
          checkedAt: now,
          evidence: { ...hit.evidence, fix: hit.fix },
          wasteKwh: finding.wasteKwh + kwh,
          wasteCost: finding.wasteCost + kwh * pricing.price,
          wasteCo2: finding.wasteCo2 + kwh * pricing.kgPerKwh,
          ...(raise ? { raisedAt: now } : {}),
        })
        .where(eq(fddFindings.id, finding.id));
      if (raise) result.raised.push(finding.id);
      continue;
    }
    // Not judged while offline (its waste resumes, at most MAX_STEP_MS of it, once it is back).
    if (offline.has(finding.deviceId)) continue;
    if (finding.raisedAt === null) {
      // It did not hold for the rule's delay: a passing state, not a fault.
      await db.delete(fddFindings).where(eq(fddFindings.id, finding.id));
      continue;
    }
    const gone = now.getTime() - finding.lastSeen.getTime();
    if (finding.fixRequestedAt !== null || gone >= FDD_CLEAR_AFTER_MINUTES * 60_000) {
      await db
        .update(fddFindings)
        .set({
          status: 'fixed',
          clearedByRule: true,
          closedAt: now,
          checkedAt: now,
          version: finding.version + 1,
        })
        .where(and(eq(fddFindings.id, finding.id), eq(fddFindings.version, finding.version)));
      result.cleared.push(finding.id);
    } else {
      await db.update(fddFindings).set({ checkedAt: now }).where(eq(fddFindings.id, finding.id));
    }
  }

  for (const [k, hit] of hits) {
    if (seen.has(k)) continue;
    const place = placeOf.get(hit.deviceId);
    // The rule's delay may be nothing: then it is shown at once.
    const raisedAt = FDD_RULE_DELAY_MINUTES[hit.rule] === 0 ? now : null;
    const [made] = await db
      .insert(fddFindings)
      .values({
        tenantId: project.tenantId,
        projectId: project.id,
        buildingId: place?.buildingId ?? null,
        zoneId: place?.zoneId ?? null,
        deviceId: hit.deviceId,
        rule: hit.rule,
        firstSeen: now,
        lastSeen: now,
        checkedAt: now,
        raisedAt,
        evidence: { ...hit.evidence, fix: hit.fix },
      })
      .onConflictDoNothing()
      .returning({ id: fddFindings.id });
    if (made && raisedAt) result.raised.push(made.id);
  }
  return result;
}
