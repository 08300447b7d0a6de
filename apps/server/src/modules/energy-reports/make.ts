import { billFileName, SCHEDULED_LINK_DAYS, type Lang } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { addDays } from '../energy/index.js';
import { billNodes, billPdf, energyBill, energyReport, reportPdf } from '../energy-billing/index.js';
import { faultDigest } from '../fdd/index.js';
import type { Made, ScheduleRow } from './deliver.js';
import { createShare } from './service.js';

/** The scope a schedule runs in: its own project of its tenant, no user. */
export function scheduleScope(row: { tenantId: number; projectId: number }): Scope {
  return {
    userId: 0,
    tenantId: row.tenantId,
    roles: [],
    permissions: [],
    isAdmin: false,
    projectIds: [row.projectId],
  };
}

/** The report's PDF and/or each building's bill as PDF, and share links to them when a webhook needs them. */
export async function makeRun(
  db: Db,
  schedule: ScheduleRow,
  run: { period: 'WEEK' | 'MONTH'; anchor: string; month: string; withLinks: boolean },
  now: number,
  publicUrl: string,
): Promise<Made> {
  const { period, anchor, month } = run;
  const scope = scheduleScope(schedule);
  const lang: Lang = schedule.lang;
  const made: Made = { period: { from: anchor, to: anchor }, files: [], links: [], faults: null };
  if (schedule.includeReport) {
    const report = await energyReport(db, scope, { projectId: schedule.projectId, period, anchor }, now);
    made.period = { from: report.from, to: report.to };
    made.files.push({
      filename: `energy_report_${report.from}_${report.to}.pdf`,
      content: await reportPdf(report, lang),
      kind: 'report',
      label: `${report.from} – ${report.to}`,
      nodeId: null,
    });
  } else {
    made.period = {
      from: period === 'WEEK' && !schedule.includeBills ? addDays(anchor, -6) : `${month}-01`,
      to: anchor,
    };
  }
  if (schedule.includeFaults) {
    const range = { from: period === 'WEEK' ? addDays(anchor, -6) : `${month}-01`, to: anchor };
    made.faults = await faultDigest(db, scope, schedule.projectId, range);
  }
  if (schedule.includeBills) {
    const buildings = (await billNodes(db, scope, schedule.projectId)).filter(
      (n) => n.level === 'building' && n.metered,
    );
    for (const building of buildings) {
      const query = { projectId: schedule.projectId, month, level: 'building' as const, nodeId: building.id };
      const bill = await energyBill(db, scope, query, now).catch((error: unknown) => {
        // A building without meters has no bill.
        if (error instanceof AppError && error.key === 'energy.noNode') return null;
        throw error;
      });
      if (!bill) continue;
      made.files.push({
        filename: billFileName(building, [building.name], month, 'pdf'),
        content: await billPdf(bill, lang),
        kind: 'bill',
        label: `${building.name} ${month}`,
        nodeId: building.id,
      });
    }
  }
  if (run.withLinks) {
    const expiresAt = new Date(now + SCHEDULED_LINK_DAYS * 86_400_000).toISOString();
    for (const file of made.files) {
      const link = await createShare(
        db,
        scope,
        file.kind === 'report'
          ? {
              projectId: schedule.projectId,
              kind: 'report',
              label: `${schedule.name}: ${file.label}`,
              period,
              anchor,
              expiresAt,
            }
          : {
              projectId: schedule.projectId,
              kind: 'bill',
              label: `${schedule.name}: ${file.label}`,
              month,
              level: 'building',
              nodeId: file.nodeId ?? undefined,
              expiresAt,
            },
        now,
        schedule.id,
      );
      made.links.push({
        kind: file.kind,
        label: file.label,
        url: `${publicUrl}/share/${link.token ?? ''}`,
        expiresAt,
      });
    }
  }
  return made;
}
