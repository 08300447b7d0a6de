import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './platform/env.js';
import { errorHandlerPlugin } from './platform/error-handler.js';
import { startBus, type Bus } from './platform/cluster/index.js';
import { BODY_LIMIT_BYTES, bodyPlugin } from './platform/body.js';
import { databasePlugin } from './platform/database.js';
import { storagePlugin } from './platform/storage.js';
import { webPlugin } from './platform/web.js';
import { loggerOptions, requestLogPlugin } from './platform/logger.js';
import { metricsPlugin } from './platform/metrics-plugin.js';
import { metricsRoutes } from './modules/metrics/index.js';
import { backupRoutes } from './modules/backup/index.js';
import { authPlugin } from './modules/sessions/index.js';
import { healthRoutes } from './modules/health/index.js';
import { publicAuthRoutes, sessionRoutes } from './modules/auth/index.js';
import { profileRoutes } from './modules/users/index.js';
import { userAdminRoutes } from './modules/users/index.js';
import { tenantRoutes } from './modules/tenants/index.js';
import { codegenRoutes } from './modules/codegen/index.js';
import { projectRoutes } from './modules/projects/index.js';
import { calendarRoutes } from './modules/calendar/index.js';
import { configRoutes } from './modules/system/index.js';
import { dictRoutes } from './modules/system/index.js';
import { commonRoutes } from './modules/common/index.js';
import { filesPlugin } from './modules/files/index.js';
import { fileServeRoutes, fileUploadRoutes } from './modules/files/index.js';
import { buildingRoutes } from './modules/buildings/index.js';
import { deviceRoutes } from './modules/devices/index.js';
import { bleInitPlugin } from './modules/devices/index.js';
import { deviceImportRoutes } from './modules/devices/index.js';
import { deviceGroupRoutes } from './modules/device-groups/index.js';
import { deviceMarkRoutes } from './modules/device-marks/index.js';
import { deviceMarksPlugin } from './modules/device-marks/index.js';
import { deviceHooksPlugin } from './modules/devices/index.js';
import { commandRoutes } from './modules/commands/index.js';
import { controlLogPlugin } from './modules/commands/index.js';
import { telemetryRoutes } from './modules/telemetry/index.js';
import { socketPlugin } from './realtime/index.js';
import { alertsPlugin } from './modules/alerts/index.js';
import { reportCount } from './modules/alerts/index.js';
import { alertRoutes } from './modules/alerts/index.js';
import { notificationsPlugin } from './modules/notifications/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { sceneEventsPlugin, sceneRoutes } from './modules/scenes/index.js';
import { noonNapRoutes } from './modules/scenes/index.js';
import { acAutomationRoutes } from './modules/ac-automation/index.js';
import { sceneWeekRoutes } from './modules/scenes/index.js';
import { alertRuleRoutes } from './modules/alerts/index.js';
import { energyRoutes } from './modules/energy/index.js';
import { energyBillingRoutes, splitWarmerPlugin } from './modules/energy-billing/index.js';
import {
  energyReportRoutes,
  energyReportsPlugin,
  publicShareRoutes,
} from './modules/energy-reports/index.js';
import { portfolioRoutes } from './modules/portfolio/index.js';
import { boardRoutes } from './modules/boards/index.js';
import { overviewRoutes } from './modules/overview/index.js';
import { brokerAuthRoutes } from './mqtt/index.js';
import { miniProgramRoutes } from './modules/mini-program/index.js';
import {
  maintenancePlanRoutes,
  workOrderAdminRoutes,
  workOrderPhotoRoutes,
  workOrderRoutes,
  workOrdersPlugin,
  wxWorkOrderRoutes,
} from './modules/work-orders/index.js';
import { fddPlugin, fddRoutes } from './modules/fdd/index.js';
import { swaggerOptions } from './platform/openapi-document.js';
import { describeWebhooks } from './modules/notifications/index.js';
import { apiKeyRoutes, apiKeysPlugin } from './modules/api-keys/index.js';
import { accessPlugin } from './modules/access/index.js';
import { simulatorRoutes } from './simulator-host.js';
import { publicSsoRoutes, ssoRoutes } from './modules/sso/index.js';
import { systemClock, TestClock, type Clock } from './platform/clock.js';
import { testClockRoutes } from './test-clock-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    readonly config: Config;
    /** The cluster seam (platform/cluster): in-process, or NATS on a cluster node. Closed with the app. */
    readonly cluster: Bus;
    /** The time automation reads (scene scheduler, noon naps, AC automation, explain): see platform/clock.ts. */
    readonly clock: Clock;
  }
}

export interface BuildOptions {
  config: Config;
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
  /**
   * The cluster seam. Unset: the configuration's (NATS when NATS_URL is set, connected here: a NATS that
   * does not answer rejects with NatsUnreachableError naming NATS_URL; else in-process).
   */
  bus?: Bus;
  /** The clock automation reads; default the machine's (a settable `TestClock` with TEST_CLOCK=1). */
  clock?: Clock;
}

/** Builds the whole server (API, socket, console); tests use it with `app.inject`. */
export async function buildApp({ config, logger, bus, clock }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // Each answer is one debug line of requestLogPlugin, not two info lines (platform/logger.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Only the configured proxies' X-Forwarded-* count (TRUST_PROXY): otherwise any client could claim
    // another address (a key's "last used from", the failed-key limit) or host.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: BODY_LIMIT_BYTES,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', clock ?? (config.testClock ? new TestClock() : systemClock));
  app.decorate('deviceChannel', null);
  app.decorate('cluster', bus ?? (await startBus(config.natsUrl, app.log)));
  if (app.cluster.kind === 'nats') app.log.info({ nodeId: app.cluster.nodeId }, 'cluster node (NATS)');
  app.addHook('onClose', async () => app.cluster.close());

  await app.register(errorHandlerPlugin);
  await app.register(bodyPlugin);
  await app.register(databasePlugin);
  // Where uploads and exports keep their bytes (a shared directory, the database, or this node's disk).
  await app.register(storagePlugin);
  // The figures of GET /metrics, and each HTTP answer measured by its route's pattern.
  await app.register(metricsPlugin);
  await app.register(requestLogPlugin);
  // The overview's vector map (MAP_STYLE_URL): the browser fetches the style, its tiles, glyphs and sprites.
  const mapOrigins = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd's CSS-in-JS writes <style> elements at run time; styles cannot run script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...mapOrigins],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Served over plain HTTP by default; HSTS belongs on the TLS-terminating proxy.
    strictTransportSecurity: false,
  });
  // The document every integrator's generator reads (/docs/json): see platform/openapi-document.ts.
  await app.register(swagger, swaggerOptions([describeWebhooks]));
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(authPlugin);
  // The access policy, before any route: every route declares `config.access` (an undeclared one stops the
  // start), and the policy authenticates, authorizes and compares the rows of every protected call.
  await app.register(accessPlugin);
  // API keys (sbk_…) as a second kind of bearer token beside session JWTs.
  await app.register(apiKeysPlugin);
  await app.register(filesPlugin);
  await app.register(bleInitPlugin);
  await app.register(controlLogPlugin);
  // Modules whose rows hang on devices let go of them in the device's transaction (devices' hooks).
  await app.register(deviceHooksPlugin);
  await app.register(deviceMarksPlugin);
  await app.register(alertsPlugin);
  await app.register(sceneEventsPlugin);
  await app.register(notificationsPlugin);
  await app.register(energyReportsPlugin);
  // Work orders (issue 37): escalation and maintenance plans on a runner, alerts followed.
  await app.register(workOrdersPlugin);
  // Fault detection (issue 38): each project's rules once a minute.
  await app.register(fddPlugin);
  // The tariff splits warmed in the background (main.ts starts it after start-up; stopped on close).
  await app.register(splitWarmerPlugin);
  // The socket authenticates with its first message, not a header: it lives outside the protected context.
  await app.register(socketPlugin, { reportCount });

  // Public: reachable without a session.
  // The built-in building simulator, once main.ts has started it (simulator-host.ts).
  app.decorate('simulator', null);
  await app.register(healthRoutes);
  // Prometheus' page: METRICS_TOKEN as a bearer token, or loopback clients only (modules/metrics).
  await app.register(metricsRoutes);
  await app.register(publicAuthRoutes);
  // Single sign-on, /bind and invited /register (spec section 2: reachable without a session).
  await app.register(publicSsoRoutes);
  // Files are fetched by <img src>, which sends no Authorization header: a signed link authorizes them.
  await app.register(fileServeRoutes);
  // An external MQTT broker asks these who may connect and use which topic; a shared secret guards them.
  await app.register(brokerAuthRoutes);
  // A report's or bill's share link (issue 22): answers only for a valid, unexpired, unrevoked token.
  await app.register(publicShareRoutes);
  // Everything else of the API. Each route's `config.access` names its action and the kinds of the ids it
  // takes; the access plugin (registered above, at the root) enforces it. Register new modules here.
  await app.register(async (api) => {
    await api.register(sessionRoutes);
    await api.register(profileRoutes);
    await api.register(userAdminRoutes);
    await api.register(tenantRoutes);
    await api.register(codegenRoutes);
    await api.register(projectRoutes);
    await api.register(calendarRoutes);
    await api.register(configRoutes);
    await api.register(dictRoutes);
    await api.register(commonRoutes);
    await api.register(fileUploadRoutes);
    await api.register(buildingRoutes);
    await api.register(deviceRoutes);
    await api.register(deviceImportRoutes);
    await api.register(deviceGroupRoutes);
    await api.register(deviceMarkRoutes);
    await api.register(commandRoutes);
    await api.register(simulatorRoutes);
    await api.register(telemetryRoutes);
    await api.register(alertRoutes);
    await api.register(notificationRoutes);
    await api.register(sceneRoutes);
    await api.register(noonNapRoutes);
    await api.register(acAutomationRoutes);
    await api.register(sceneWeekRoutes);
    await api.register(alertRuleRoutes);
    await api.register(energyRoutes);
    await api.register(energyBillingRoutes);
    await api.register(energyReportRoutes);
    await api.register(portfolioRoutes);
    await api.register(boardRoutes);
    await api.register(overviewRoutes);
    await api.register(miniProgramRoutes);
    await api.register(workOrderRoutes);
    await api.register(workOrderAdminRoutes);
    await api.register(maintenancePlanRoutes);
    await api.register(workOrderPhotoRoutes);
    await api.register(wxWorkOrderRoutes);
    await api.register(fddRoutes);
    await api.register(ssoRoutes);
    await api.register(apiKeyRoutes);
    await api.register(backupRoutes);
    // Tests only: registered when the clock is a TestClock (TEST_CLOCK=1 or a test's buildApp({clock})).
    await api.register(testClockRoutes);
  });

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}
