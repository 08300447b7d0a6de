import { DEVICE_CATEGORIES, MODEL_IDS } from '@sbuilding/shared';
import { z } from 'zod';
import { DEFAULT_SCHEDULE, scheduleFromWorkTimes } from './occupancy.js';
import type { DeviceInfo, Value } from './types.js';
import type { ProjectInfo } from './world.js';

/**
 * The public HTTP API, as any client sees it: `Authorization: Bearer <token>`, answers in the envelope
 * `{code, msg, data}`. Rows are read with loose schemas (only what the simulator needs), so a field added to
 * the API does not stop it.
 */
export class ApiClient {
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
  ) {}

  async call<T extends z.ZodType>(schema: T, method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(new URL(path, this.apiUrl), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): reported below with the status.
    }
    const envelope = z
      .object({ code: z.number(), msg: z.string().optional(), data: z.unknown() })
      .safeParse(json);
    if (!response.ok || !envelope.success || envelope.data.code !== 200) {
      const msg = envelope.success ? envelope.data.msg : text.slice(0, 200);
      throw new ApiError(response.status, `${method} ${path}: ${response.status} ${msg ?? ''}`.trim());
    }
    return schema.parse(envelope.data.data);
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const page = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(z.unknown()), total: z.number() }).transform((p) => ({
    total: p.total,
    /** Rows answered, including any this simulator cannot read (an unknown model). */
    count: p.rows.length,
    rows: p.rows.flatMap((r) => {
      const parsed = row.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    }),
  }));

const projectRow = z.object({ id: z.number().int(), timeZone: z.string().optional() });
const workTimeRow = z.object({ startTime: z.string(), endTime: z.string(), timeType: z.string() });
const valueSchema = z.union([z.number(), z.string(), z.boolean()]);
const deviceRow = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.enum(MODEL_IDS),
  category: z.enum(DEVICE_CATEGORIES),
  projectId: z.number().int(),
  buildingId: z.number().int(),
  floorId: z.number().int().nullable().optional(),
  zoneId: z.number().int().nullable().optional(),
  parentId: z.number().int().nullable().optional(),
  props: z.record(z.string(), z.union([valueSchema, z.null()])).optional(),
  telemetry: z
    .record(
      z.string(),
      z.object({ value: z.union([valueSchema, z.null()]), ts: z.union([z.string(), z.number()]).optional() }),
    )
    .optional(),
});
const credentials = z.object({ accessToken: z.string().min(1) });

const PROJECT_PAGE = 100;
/** The largest page getList answers. */
const DEVICE_PAGE = 500;

function toDeviceInfo(row: z.infer<typeof deviceRow>): DeviceInfo {
  const latest: Record<string, Value> = {};
  let reportedAt: number | undefined;
  for (const [key, reading] of Object.entries(row.telemetry ?? {})) {
    if (reading.value !== null) latest[key] = reading.value;
    const at = typeof reading.ts === 'string' ? Date.parse(reading.ts) : reading.ts;
    if (at !== undefined && Number.isFinite(at)) reportedAt = Math.max(reportedAt ?? at, at);
  }
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    category: row.category,
    projectId: row.projectId,
    buildingId: row.buildingId,
    floorId: row.floorId ?? null,
    zoneId: row.zoneId ?? null,
    parentId: row.parentId ?? null,
    props: row.props ?? {},
    latest,
    ...(reportedAt === undefined ? {} : { reportedAt }),
  };
}

/** Every project of the signed-in user, with its time zone and work-time schedule. */
export async function loadProjects(api: ApiClient): Promise<ProjectInfo[]> {
  const rows: z.infer<typeof projectRow>[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const result = await api.call(page(projectRow), 'POST', '/sbuilding/project/getList', {
      pageNum,
      pageSize: PROJECT_PAGE,
    });
    rows.push(...result.rows);
    if (result.count === 0 || pageNum * PROJECT_PAGE >= result.total) break;
  }
  return Promise.all(
    rows.map(async (p) => {
      let schedule = DEFAULT_SCHEDULE;
      try {
        const times = await api.call(page(workTimeRow), 'GET', `/sbuilding/work/rest/list?projectId=${p.id}`);
        schedule = scheduleFromWorkTimes(times.rows);
      } catch {
        // Work times are optional for the simulation: 08:00-18:00 with lunch is a fair office.
      }
      return { id: p.id, timeZone: p.timeZone ?? 'UTC', schedule };
    }),
  );
}

/** The project's devices with their latest readings (getList/v2), or without them (getList) on an older server. */
export async function loadDevices(api: ApiClient, projectId: number): Promise<DeviceInfo[]> {
  const out: DeviceInfo[] = [];
  let path = '/sbuilding/device/getList/v2';
  for (let pageNum = 1; ; pageNum++) {
    const body = { projectId, pageNum, pageSize: DEVICE_PAGE };
    let result;
    try {
      result = await api.call(page(deviceRow), 'POST', path, body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404 || path.endsWith('/getList')) throw error;
      path = '/sbuilding/device/getList';
      result = await api.call(page(deviceRow), 'POST', path, body);
    }
    out.push(...result.rows.map(toDeviceInfo));
    if (result.count < DEVICE_PAGE || pageNum * DEVICE_PAGE >= result.total) break;
  }
  return out;
}

export async function fetchAccessToken(api: ApiClient, deviceId: number): Promise<string> {
  const result = await api.call(credentials, 'GET', `/sbuilding/device/credentials/${deviceId}`);
  return result.accessToken;
}
