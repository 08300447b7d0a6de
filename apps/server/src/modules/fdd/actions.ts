import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  COMMAND_TIMEOUT_MS,
  keyLabel,
  workOrderCreateBodySchema,
  type CommandMethod,
  type FddFinding,
} from '@sbuilding/shared';
import { badRequest, conflict } from '../../platform/errors.js';
import { FDD_RULE_MESSAGES, translate } from '../../platform/i18n/index.js';
import { sendCommand } from '../commands/index.js';
import { createWorkOrder } from '../work-orders/index.js';
import { findingOf, linkWorkOrder, markFixRequested, workOrderOf } from './service.js';

/** The command a fix's key is sent by. */
const METHOD_OF: Record<string, CommandMethod> = { onOff: 'setOnOff', targetTemp: 'setTargetTemp' };

/**
 * Sends a finding's one-click fix to its device as the caller (the control log names them; a caller who may
 * not switch devices is refused as sendCmd refuses), notes it, and has the rule check the project at once: the
 * finding is marked fixed as soon as the fault is gone.
 */
export async function fixFinding(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  version: number | undefined,
): Promise<FddFinding> {
  const scope = request.scope();
  const finding = await findingOf(app.db, scope, id);
  if (version !== undefined && finding.version !== version) throw conflict();
  const method = finding.fix ? METHOD_OF[finding.fix.key] : undefined;
  if (!finding.fix || !method || (finding.status !== 'open' && finding.status !== 'acknowledged'))
    throw badRequest('fdd.noFix');
  await sendCommand(
    { db: app.db, channel: app.deviceChannel, log: app.controlLog },
    { scope, lang: request.lang, userName: request.auth?.userName ?? '' },
    {
      deviceId: finding.deviceId,
      method,
      params: { [finding.fix.key]: finding.fix.value },
      terminal: request.auth?.apiKey ? 'remote' : 'admin',
    },
    COMMAND_TIMEOUT_MS,
  );
  await markFixRequested(app.db, id, finding.projectId, app.clock.now());
  await app.fdd.runner.checkProject(finding.projectId);
  return findingOf(app.db, scope, id);
}

/** Makes a work order of a finding (once: a second click answers the first one's). */
export async function workOrderFromFinding(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<{ workOrderId: number }> {
  const scope = request.scope();
  const finding = await findingOf(app.db, scope, id);
  const made = await workOrderOf(app.db, id);
  if (made !== null) return { workOrderId: made };
  const lang = request.lang;
  const rule = translate(lang, FDD_RULE_MESSAGES[finding.rule]);
  const readings = Object.entries(finding.evidence.readings)
    .map(([key, value]) => `${keyLabel(lang === 'ZH' ? 'zh' : 'en', key)} ${String(value)}`)
    .join(', ');
  const order = await createWorkOrder(
    app.workOrders.deps(),
    scope,
    workOrderCreateBodySchema.parse({
      projectId: finding.projectId,
      deviceId: finding.deviceId,
      title: translate(lang, 'fdd.workOrderTitle', { rule, device: finding.deviceName }).slice(0, 100),
      description: translate(lang, 'fdd.workOrderText', {
        rule,
        firstSeen: finding.firstSeen,
        kwhPerDay: finding.wasteKwhPerDay.toFixed(2),
        readings,
      }).slice(0, 2000),
      priority: finding.wasteKwhPerDay >= 5 ? 'high' : 'normal',
    }),
  );
  await linkWorkOrder(app.db, id, order.id);
  return { workOrderId: order.id };
}
