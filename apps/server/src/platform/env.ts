import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SSO_SCOPES, isAllowedProviderUrl } from '@sbuilding/shared';

/**
 * The only reader of process.env. Every setting of the server is here, parsed once, with its default;
 * a bad value stops the start with a message naming the variable.
 */
const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'on', 'yes'].includes(v)));

const port = (def: number) => z.coerce.number().int().min(0).max(65535).default(def);

/** An IP address, or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(value: string): boolean {
  const [address = '', bits, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port(8080),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded images and floor plans; unset means DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().optional(),
  /**
   * A directory every node shares (NFS…) for uploads and exports; unset means the database with
   * DATABASE_URL (every node serves them), else this node's UPLOAD_DIR and DATA_DIR/exports.
   */
  FILES_DIR: z.string().optional(),
  /** A PostgreSQL server; unset means embedded PostgreSQL (PGlite) in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  MQTT_PORT: port(1883),
  /**
   * NATS servers, comma-separated (nats://host:4222,nats://other:4222): the process is a cluster node and
   * reaches the other nodes through them. Unset: one process, nothing crosses it.
   */
  NATS_URL: z
    .string()
    .refine(
      (value) =>
        value
          .split(',')
          .every((server) => /^(nats|tls|wss?):\/\/[^\s,]+$|^[^\s,:/]+(:\d+)?$/.test(server.trim())),
      'comma-separated NATS servers (nats://host:4222)',
    )
    .optional(),
  /** An external broker; unset means the embedded one on MQTT_PORT. */
  MQTT_URL: z.string().url().optional(),
  /** Shared with an external broker: its HTTP auth calls and the server's MQTT password; unset means generated into the database. */
  MQTT_BROKER_SECRET: z.string().min(32).optional(),
  /** A device that has sent nothing for this long is offline (and so are the devices behind a gateway). */
  DEVICE_OFFLINE_MINUTES: z.coerce.number().positive().default(5),
  /**
   * How long a device has to connect after the server starts or the device is created: a drop inside it raises
   * no offline alert unless the device is still offline when it ends. Unset: DEVICE_OFFLINE_MINUTES.
   */
  DEVICE_CONNECT_GRACE_MINUTES: z.coerce.number().min(0).optional(),
  CAPTCHA_ENABLED: bool(true),
  SIMULATOR: bool(true),
  /** off: the tariff splits are not warmed in the background (a period's first cost call splits its days). */
  ENERGY_WARM_SPLITS: bool(true),
  /** Simulated seconds per real second of the built-in simulator (10 makes a day pass in 2.4 hours). */
  SIM_SPEED: z.coerce.number().positive().max(3600).default(1),
  /** Days of history the built-in simulator writes for the demo campus on its first start (0: none). */
  SIM_BACKFILL_DAYS: z.coerce.number().int().min(0).max(3650).default(365),
  // The demo's two faults (issue 38): a light left on and an AC set far too cold or warm, for the fault rules.
  SIM_DEMO_FAULTS: bool(true),
  /**
   * Days raw telemetry readings are kept (the hourly and daily rollups, and the demand quarters, for ever);
   * 0 keeps them for ever. See modules/telemetry/README.md.
   */
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(90),
  /** Create the demo tenant and users when the database has no user yet (first start). */
  SEED_DEMO: bool(true),
  /** With SEED_DEMO: the demo campus also gets its scenes, noon nap and AC automations on first start. */
  SEED_DEMO_AUTOMATIONS: bool(true),
  /** Signing secret of session tokens; unset means one generated once and kept in DATA_DIR. */
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  DISPLAY_SESSION_MAX_DAYS: z.coerce.number().positive().default(7),
  /** Requests one API key may make per minute on one node (429 past it). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** pretty: one readable line per event; json: pino's lines. Unset: pretty on a terminal, else json. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * The bearer token Prometheus sends for GET /metrics. Unset: /metrics answers loopback clients only (a
   * scraper on the node itself); set it whenever the scraper is elsewhere.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The built console; served at / when present. */
  WEB_DIST: z.string().optional(),
  /** Pause between the steps of a Bluetooth gateway's initialisation job (tests use 0). */
  BLE_INIT_STEP_MS: z.coerce.number().int().min(0).default(1000),
  /** A timed scene run found due at most this late (e.g. after a restart) still runs; later ones are 'missed'. */
  SCENE_CATCH_UP_MINUTES: z.coerce.number().min(0).default(10),
  /** Seconds between two passes of the scene schedule. */
  SCENE_TICK_SECONDS: z.coerce.number().positive().default(30),
  /** How often a node looks for projects whose fault rules are due (each project's run once a minute). */
  FDD_TICK_SECONDS: z.coerce.number().positive().max(60).default(30),
  /** Local weather for scenes: computed offline from date and place, or Open-Meteo over HTTP. */
  WEATHER_PROVIDER: z.enum(['simulated', 'open-meteo']).default('simulated'),
  /**
   * Tests only: automation reads a clock that `POST /test/clock` sets (browser tests move a running server's
   * time instead of waiting real minutes). Never on by default; never set it on a real installation.
   */
  TEST_CLOCK: bool(false),
  /**
   * A MapLibre (vector-tile) style for the overview's map, http(s); unset means the bundled offline map. The
   * browser fetches it (and its tiles, glyphs and sprites, from the style's own origin) directly.
   */
  MAP_STYLE_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
  /**
   * The platform-wide single sign-on provider (OpenID Connect, found through the issuer's discovery), in
   * the style of Grafana's generic OAuth. Unset OIDC_ISSUER: none. http:// only on loopback addresses.
   */
  OIDC_ISSUER: z
    .string()
    .refine(isAllowedProviderUrl, 'an https:// URL (http:// only on localhost)')
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The login button's label: "Sign in with {OIDC_NAME}". */
  OIDC_NAME: z.string().min(1).max(50).default('OpenID Connect'),
  OIDC_SCOPES: z.string().min(1).default(DEFAULT_SSO_SCOPES),
  /**
   * The console's address as its users reach it (http(s), no trailing path), for links the server sends out
   * (a scheduled report's share link). Unset: http://localhost:PORT.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional(),
  /**
   * The proxies whose X-Forwarded-For/-Proto/-Host count (addresses or CIDRs, comma-separated; HAProxy's
   * in deploy/). Unset: none, so no client can claim another address or host.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .refine((parts) => parts.every(isAddressOrCidr), 'a comma-separated list of IP addresses or CIDRs'),
});

export type EnvInput = z.input<typeof envSchema>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  uploadDir: string;
  /** FILES_DIR: uploads and exports in this shared directory (see platform/storage.ts). */
  filesDir: string | undefined;
  databaseUrl: string | undefined;
  mqttPort: number;
  /** NATS_URL: set means this process is a cluster node (DATABASE_URL is then required). */
  natsUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttBrokerSecret: string | undefined;
  deviceOfflineMinutes: number;
  deviceConnectGraceMinutes: number;
  captchaEnabled: boolean;
  simulator: boolean;
  energyWarmSplits: boolean;
  simSpeed: number;
  simBackfillDays: number;
  /** Whether the built-in simulator gives the demo's two faults (a light left on, an AC's wrong setpoint). */
  simDemoFaults: boolean;
  telemetryRetentionDays: number;
  seedDemo: boolean;
  seedDemoAutomations: boolean;
  jwtSecret: string | undefined;
  session: { idleMinutes: number; maxHours: number; displayMaxDays: number };
  apiKeys: { ratePerMinute: number };
  logLevel: string;
  /** LOG_FORMAT; undefined: pretty when stdout is a terminal (platform/logger.ts decides). */
  logFormat: 'pretty' | 'json' | undefined;
  /** METRICS_TOKEN: the bearer token of GET /metrics; undefined: loopback clients only. */
  metricsToken: string | undefined;
  webDist: string;
  bleInitStepMs: number;
  scenes: { catchUpMinutes: number; tickMs: number; weather: 'simulated' | 'open-meteo' };
  /** TEST_CLOCK: the app's clock is a settable `TestClock` and `POST /test/clock` exists. */
  /** How often a node looks for projects whose fault rules are due, s. */
  fddTickSeconds: number;
  testClock: boolean;
  mapStyleUrl: string | undefined;
  /** PUBLIC_URL without a trailing slash (default http://localhost:PORT). */
  publicUrl: string;
  /** TRUST_PROXY: the proxies (addresses or CIDRs) whose forwarded headers count; empty: none. */
  trustProxy: string[];
  /** The platform-wide OpenID Connect provider (OIDC_*), or null. */
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string; scopes: string } | null;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.NATS_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment:\n  NATS_URL makes this process a cluster node: it needs DATABASE_URL (a PostgreSQL server all nodes share)',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    filesDir: e.FILES_DIR === undefined ? undefined : path.resolve(e.FILES_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttPort: e.MQTT_PORT,
    natsUrl: e.NATS_URL,
    mqttUrl: e.MQTT_URL,
    mqttBrokerSecret: e.MQTT_BROKER_SECRET,
    deviceOfflineMinutes: e.DEVICE_OFFLINE_MINUTES,
    deviceConnectGraceMinutes: e.DEVICE_CONNECT_GRACE_MINUTES ?? e.DEVICE_OFFLINE_MINUTES,
    captchaEnabled: e.CAPTCHA_ENABLED,
    simulator: e.SIMULATOR,
    energyWarmSplits: e.ENERGY_WARM_SPLITS,
    simSpeed: e.SIM_SPEED,
    simBackfillDays: e.SIM_BACKFILL_DAYS,
    simDemoFaults: e.SIM_DEMO_FAULTS,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    seedDemo: e.SEED_DEMO,
    seedDemoAutomations: e.SEED_DEMO_AUTOMATIONS,
    jwtSecret: e.JWT_SECRET,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      maxHours: e.SESSION_MAX_HOURS,
      displayMaxDays: e.DISPLAY_SESSION_MAX_DAYS,
    },
    apiKeys: { ratePerMinute: e.API_KEY_RATE_LIMIT },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    bleInitStepMs: e.BLE_INIT_STEP_MS,
    scenes: {
      catchUpMinutes: e.SCENE_CATCH_UP_MINUTES,
      tickMs: e.SCENE_TICK_SECONDS * 1000,
      weather: e.WEATHER_PROVIDER,
    },
    fddTickSeconds: e.FDD_TICK_SECONDS,
    testClock: e.TEST_CLOCK,
    mapStyleUrl: e.MAP_STYLE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    oidc: oidcOf(e),
  };
}

function oidcOf(e: z.output<typeof envSchema>): Config['oidc'] {
  if (!e.OIDC_ISSUER) return null;
  if (!e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    throw new ConfigError('Invalid environment:\n  OIDC_ISSUER needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET,
    name: e.OIDC_NAME,
    scopes: e.OIDC_SCOPES,
  };
}
