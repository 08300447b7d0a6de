import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's figures for Prometheus (GET /metrics, modules/metrics): one registry per app, fed by the parts
 * that own the events. Nothing here reads a module: the device link, the telemetry writer, the socket, the
 * control log and the schedulers are handed these instruments (or a callback that feeds them) by whoever
 * builds them, and the figures that are a question to the database (open alerts, the database itself) are
 * asked through the probes their owners set. Names follow Prometheus' conventions: `sbuilding_` prefix, base
 * units (seconds), `_total` for counters; labels have a small, fixed set of values (the route pattern, never a
 * URL), so no figure can grow a series per device or request.
 */

/** Seconds buckets for what answers in milliseconds to seconds (HTTP, commits, acknowledgements). */
const FAST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A command's round trip to a device and back: tens of milliseconds to its timeout (10 s). */
const ROUND_TRIP_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 15];

/**
 * Process-wide figures (CPU, memory, event-loop delay, handles), collected once per process: every app of a
 * process (tests build many) shares them, and each scrape adds them to the app's own.
 */
let processRegistry: Registry | undefined;
function processFigures(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
    // Gauges named like counters, which promtool refuses; `nodejs_active_handles` etc. say the same by type.
    for (const name of [
      'nodejs_active_handles_total',
      'nodejs_active_requests_total',
      'nodejs_active_resources_total',
    ])
      processRegistry.removeSingleMetric(name);
  }
  return processRegistry;
}

/** Asked at each scrape; an answer that fails or takes over a second leaves the figure out of that scrape. */
export interface MetricsProbes {
  /** Alerts open (status alerting) by level: modules/alerts sets it. */
  openAlerts?: () => Promise<Record<string, number>>;
  /** Whether the database answers (1) or not (0). */
  database?: () => Promise<boolean>;
  /** Whether the cluster seam is connected (NATS; always 1 in one process). */
  cluster?: () => boolean;
  /** The database kind once it is open (pglite, postgres). */
  databaseKind?: () => string | undefined;
}

const PROBE_TIMEOUT_MS = 1_000;

function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('probe timed out')), PROBE_TIMEOUT_MS);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface NodeIdentity {
  /** A stable name of this node across restarts (host:port): the `node` label of every figure. */
  node: string;
  /** The cluster seam's node id of this run (logs, /health), the release and the database kind. */
  nodeId: string;
  release: string;
}

/** Builds the registry of one app, with every instrument the server feeds. */
export function createMetrics(identity: NodeIdentity) {
  const registry = new Registry();
  const probes: MetricsProbes = {};
  const opts = { registers: [registry] };

  new Gauge({
    name: 'sbuilding_node_info',
    help: 'This node: its cluster node id of this run, release and database (always 1)',
    labelNames: ['node_id', 'release', 'database'] as const,
    ...opts,
    collect() {
      this.reset();
      const database = probes.databaseKind?.() ?? 'none';
      this.set({ node_id: identity.nodeId, release: identity.release, database }, 1);
    },
  });

  const metrics = {
    registry,
    /** The `node` label every figure gets at scrape time (the process's figures are shared by the apps). */
    node: identity.node,
    probes,
    http: {
      requests: new Counter({
        name: 'sbuilding_http_requests_total',
        help: 'HTTP requests answered, by method, route pattern and status',
        labelNames: ['method', 'route', 'status'] as const,
        ...opts,
      }),
      seconds: new Histogram({
        name: 'sbuilding_http_request_duration_seconds',
        help: 'Time from a request arriving to its answer, by method, route pattern and status',
        labelNames: ['method', 'route', 'status'] as const,
        buckets: FAST_BUCKETS,
        ...opts,
      }),
    },
    mqtt: {
      connections: new Gauge({
        name: 'sbuilding_mqtt_connections',
        help: 'Device connections open on this node',
        ...opts,
      }),
      connects: new Counter({
        name: 'sbuilding_mqtt_connects_total',
        help: 'Device connections accepted (a token the server knows)',
        ...opts,
      }),
      messages: new Counter({
        name: 'sbuilding_mqtt_messages_total',
        help: 'MQTT messages from devices (in) and to devices (out)',
        labelNames: ['direction'] as const,
        ...opts,
      }),
      acks: new Counter({
        name: 'sbuilding_mqtt_qos1_acks_total',
        help: 'QoS 1 publishes of devices: acknowledged after their commit (ok), or refused or not stored (failed)',
        labelNames: ['outcome'] as const,
        ...opts,
      }),
      ackSeconds: new Histogram({
        name: 'sbuilding_mqtt_qos1_ack_seconds',
        help: 'Time from a QoS 1 publish arriving to its PUBACK (its readings committed)',
        buckets: FAST_BUCKETS,
        ...opts,
      }),
    },
    telemetry: {
      batches: new Counter({
        name: 'sbuilding_telemetry_batches_total',
        help: 'Transactions the telemetry writer committed',
        ...opts,
      }),
      rows: new Counter({
        name: 'sbuilding_telemetry_rows_total',
        help: 'Readings the telemetry writer committed',
        ...opts,
      }),
      commitSeconds: new Histogram({
        name: 'sbuilding_telemetry_commit_seconds',
        help: "Duration of one telemetry writer's transaction",
        buckets: FAST_BUCKETS,
        ...opts,
      }),
    },
    socket: {
      connections: new Gauge({
        name: 'sbuilding_socket_connections',
        help: 'Console sockets open on this node (signed in or not yet)',
        ...opts,
      }),
      frames: new Counter({
        name: 'sbuilding_socket_frames_total',
        help: 'Socket frames from consoles (in) and to them (out)',
        labelNames: ['direction'] as const,
        ...opts,
      }),
    },
    commands: {
      outcomes: new Counter({
        name: 'sbuilding_commands_total',
        help: 'Commands to devices, by result (success, failed, timeout, unreachable, refused) and terminal',
        labelNames: ['result', 'terminal'] as const,
        ...opts,
      }),
      roundTripSeconds: new Histogram({
        name: 'sbuilding_command_round_trip_seconds',
        help: "Time from a command's sending to the device's reply",
        buckets: ROUND_TRIP_BUCKETS,
        ...opts,
      }),
    },
    automation: {
      passes: new Counter({
        name: 'sbuilding_scheduler_passes_total',
        help: 'Passes of the scene scheduler (scenes) and of AC automation (acAutomation), by outcome',
        labelNames: ['kind', 'outcome'] as const,
        ...opts,
      }),
      passSeconds: new Histogram({
        name: 'sbuilding_scheduler_pass_seconds',
        help: 'Duration of one scheduler pass',
        labelNames: ['kind'] as const,
        buckets: FAST_BUCKETS,
        ...opts,
      }),
      sceneRuns: new Counter({
        name: 'sbuilding_scene_runs_total',
        help: 'Scene runs that sent their commands, by outcome (ran, failed)',
        labelNames: ['outcome'] as const,
        ...opts,
      }),
    },
  };

  new Gauge({
    name: 'sbuilding_alerts_open',
    help: 'Alerts still alerting, by level',
    labelNames: ['level'] as const,
    ...opts,
    async collect() {
      this.reset();
      const none: Record<string, number> = {};
      const counts = await withinProbeTime(probes.openAlerts?.() ?? Promise.resolve(none)).catch(() => none);
      for (const [level, value] of Object.entries(counts)) this.set({ level }, value);
    },
  });
  new Gauge({
    name: 'sbuilding_database_up',
    help: 'Whether the database answers a query (1) or not (0)',
    ...opts,
    async collect() {
      const up = await withinProbeTime(probes.database?.() ?? Promise.resolve(false)).catch(() => false);
      this.set(up ? 1 : 0);
    },
  });
  new Gauge({
    name: 'sbuilding_cluster_connected',
    help: 'Whether this node reaches the cluster seam (NATS); always 1 for a single process',
    ...opts,
    collect() {
      this.set(probes.cluster?.() === false ? 0 : 1);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The page Prometheus reads: this app's figures and the process's, each with the node's label. */
export async function exposition(metrics: Metrics): Promise<{ contentType: string; body: string }> {
  const merged = Registry.merge([processFigures(), metrics.registry]);
  merged.setDefaultLabels({ node: metrics.node });
  return { contentType: merged.contentType, body: await merged.metrics() };
}

/** Starts the process-wide figures now, so the event-loop delay is measured from the start. */
export function startProcessFigures(): void {
  processFigures();
}
