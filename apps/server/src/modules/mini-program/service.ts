import {
  supportsCommand,
  zoneAirValues,
  type AcBoard,
  type AirBoard,
  type AirSensor,
  type LightBoard,
  type Lang,
  type SendCmdResult,
  type WxAir,
  type WxCommandBody,
  type WxFloor,
  type WxHall,
  type WxHallDetail,
  type WxRoom,
  type WxScene,
  type WxSceneRun,
  type WxSummary,
} from '@sbuilding/shared';
import { wxCommandBodySchema, WX_COMMANDS } from '@sbuilding/shared';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { inHalls, type Scope } from '../../platform/tenancy.js';
import { acBoard, airBoard, lightBoard } from '../boards/index.js';
import { findHall, hallOptions, placesOfHall, type HallPlaces } from '../buildings/index.js';
import { sendCommand } from '../commands/index.js';
import { findDevice } from '../devices/index.js';
import { runOfferedScene, scenesOfferedIn, type SceneDeps } from '../scenes/index.js';
import { wxEnergy } from './energy.js';

/*
 * The mini-program's calls: what a building's occupants (weixin customers) see and switch. Every call
 * first finds the building (or the device's building) within the caller's scope: the tenant, and for a
 * weixin customer its own buildings (`hallIds`), so another building's id answers 404 whatever the
 * browser believes the user to be. The other modules are reached through their public surface only.
 */

export interface WxDeps extends SceneDeps {
  /** A signed link to an uploaded file (the building's photo). */
  fileUrl(fileId: string): string;
}

/** Who asks, for the command path and the control log. */
export interface WxCaller {
  scope: Scope;
  lang: Lang;
  userName: string;
}

/** Every command sent from the mini-program is logged with this terminal source (spec section 3). */
const TERMINAL = 'miniProgram';

type HallRow = Awaited<ReturnType<typeof findHall>>;

/**
 * The building when it is the caller's: 404 for another tenant's or, for a weixin customer, a building it
 * does not belong to; 409 `wx.hallClosed` while the tbAdmin has the mini-program binding off.
 */
async function openHall(db: Db, scope: Scope, id: number): Promise<HallRow> {
  const row = await findHall(db, scope, id);
  if (!inHalls(scope, row.id)) throw notFound();
  if (!row.miniProgramEnabled) throw conflict('wx.hallClosed');
  return row;
}

/** GET /sbuilding/wx/halls: the caller's buildings open in the mini-program (the chooser). */
export async function listWxHalls(deps: WxDeps, scope: Scope): Promise<WxHall[]> {
  const rows = await hallOptions(deps.db, scope);
  return rows
    .filter((r) => r.miniProgramEnabled)
    .map((r) => ({
      id: r.id,
      name: r.name,
      address: r.address,
      imageUrl: r.imageId ? deps.fileUrl(r.imageId) : null,
      projectId: r.projectId,
      projectName: r.projectName,
    }));
}

function airOf(sensors: readonly AirSensor[], thresholds: AirBoard['thresholds']): WxAir {
  const { values, band } = zoneAirValues(sensors, thresholds);
  return { values, band, sensors: sensors.filter((s) => s.online).length };
}

function lightsOf(board: LightBoard) {
  return board.devices
    .filter((d) => d.category === 'light')
    .map((d) => ({
      place: { floorId: d.floorId, zoneId: d.zoneId },
      light: {
        id: d.id,
        name: d.name,
        model: d.model,
        online: d.online,
        dimmable: supportsCommand(d.model, 'setBrightness'),
        tunable: supportsCommand(d.model, 'setColorTemp'),
        state: { onOff: d.state.onOff, lightnessLevel: d.state.lightnessLevel, colorTemp: d.state.colorTemp },
      },
    }));
}

function acsOf(board: AcBoard) {
  return board.units.map((u) => ({
    place: { floorId: u.floorId, zoneId: u.zoneId },
    ac: {
      id: u.id,
      name: u.name,
      model: u.model,
      online: u.online,
      supportsAuto: u.supportsAuto,
      state: u.state,
    },
  }));
}

/**
 * Rooms by floor, in the building's order: each zone that holds a light, an AC or an air sensor, then
 * the floor's devices in no zone; devices on no floor last. Floors with nothing to show are left out.
 */
function floorsOf(places: HallPlaces, lights: LightBoard, acs: AcBoard, air: AirBoard): WxFloor[] {
  const lightList = lightsOf(lights);
  const acList = acsOf(acs);
  const room = (floorId: number | null, zoneId: number | null, name: string | null): WxRoom => {
    const here = (p: { floorId: number | null; zoneId: number | null }) =>
      p.zoneId === zoneId && (zoneId !== null || p.floorId === floorId);
    const sensors = zoneId === null ? [] : air.sensors.filter((s) => s.zoneId === zoneId);
    return {
      zoneId,
      name,
      lights: lightList.filter((l) => here(l.place)).map((l) => l.light),
      acs: acList.filter((a) => here(a.place)).map((a) => a.ac),
      air: sensors.length > 0 ? airOf(sensors, air.thresholds) : null,
    };
  };
  const shown = (r: WxRoom) => r.lights.length > 0 || r.acs.length > 0 || r.air !== null;
  const floors: WxFloor[] = places.floors.map((f) => ({
    id: f.id,
    name: f.name,
    rooms: [
      ...places.zones.filter((z) => z.floorId === f.id).map((z) => room(f.id, z.id, z.name)),
      room(f.id, null, null),
    ].filter(shown),
  }));
  floors.push({ id: null, name: null, rooms: [room(null, null, null)].filter(shown) });
  return floors.filter((f) => f.rooms.length > 0);
}

function toWxHall(deps: WxDeps, row: HallRow, projectName: string): WxHall {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    imageUrl: row.imageId ? deps.fileUrl(row.imageId) : null,
    projectId: row.projectId,
    projectName,
  };
}

/** GET /sbuilding/wx/hall/{id}: the building with its rooms by floor, their lights and ACs as they are now. */
export async function wxHallDetail(deps: WxDeps, scope: Scope, id: number): Promise<WxHallDetail> {
  const { db } = deps;
  const hall = await openHall(db, scope, id);
  const query = { projectId: hall.projectId, buildingId: hall.id };
  const [places, lights, acs, air, options] = await Promise.all([
    placesOfHall(db, scope, hall.id),
    lightBoard(db, scope, { buildingId: hall.id }),
    acBoard(db, scope, query),
    airBoard(db, scope, query),
    hallOptions(db, scope),
  ]);
  const projectName = options.find((o) => o.id === hall.id)?.projectName ?? '';
  return {
    hall: toWxHall(deps, hall, projectName),
    floors: floorsOf(places, lights, acs, air),
    lightsOn: lights.lightsOn,
    lightsTotal: lights.lightsTotal,
    acsOn: acs.running,
    acsTotal: acs.total,
  };
}

/** GET /sbuilding/wx/hall/{id}/summary: the building's air now and its energy today and this month. */
export async function wxSummary(
  deps: WxDeps,
  scope: Scope,
  id: number,
  now = Date.now(),
): Promise<WxSummary> {
  const hall = await openHall(deps.db, scope, id);
  const [air, energy] = await Promise.all([
    airBoard(deps.db, scope, { projectId: hall.projectId, buildingId: hall.id }),
    wxEnergy(deps.db, scope, { projectId: hall.projectId, buildingId: hall.id }, now),
  ]);
  return { air: airOf(air.sensors, air.thresholds), energy };
}

/** GET /sbuilding/wx/hall/{id}/scenes: the scenes offered to the building's occupants. */
export async function wxScenes(deps: WxDeps, scope: Scope, id: number): Promise<WxScene[]> {
  const hall = await openHall(deps.db, scope, id);
  const scenes = await scenesOfferedIn(deps.db, scope, hall.projectId, hall.id);
  return scenes.map(({ id: sceneId, name }) => ({ id: sceneId, name }));
}

/** Whether the mini-program may send `method` to a device of `category` (lights and ACs only). */
function allowedCommand(category: string, method: WxCommandBody['method']): boolean {
  if (category === 'light') return WX_COMMANDS.light.some((m) => m === method);
  if (category === 'ac') return WX_COMMANDS.ac.some((m) => m === method);
  return false;
}

/**
 * POST /sbuilding/wx/device/{id}/command: switches a light or an AC of one of the caller's buildings
 * through the command path, logged with terminal `miniProgram`. Another building's device answers 404;
 * any other device or command 403 `wx.notControllable`.
 */
export async function wxCommand(
  deps: WxDeps,
  caller: WxCaller,
  id: number,
  body: z.output<typeof wxCommandBodySchema>,
  timeoutMs: number,
): Promise<SendCmdResult> {
  const device = await findDevice(deps.db, caller.scope, id);
  await openHall(deps.db, caller.scope, device.buildingId);
  if (!allowedCommand(device.category, body.method)) throw forbidden('wx.notControllable');
  return sendCommand(
    deps,
    caller,
    { deviceId: device.id, method: body.method, params: body.params, terminal: TERMINAL },
    timeoutMs,
  );
}

/** POST /sbuilding/wx/scene/{id}/run: runs an offered scene now; its commands are logged as the mini-program's. */
export async function wxRunScene(deps: WxDeps, caller: WxCaller, id: number): Promise<WxSceneRun> {
  const run = await runOfferedScene(deps, caller.scope, id, {
    lang: caller.lang,
    userName: caller.userName,
    terminal: TERMINAL,
  });
  return {
    outcome: run.outcome,
    commands: run.commands.length,
    failed: run.commands.filter((c) => c.result !== 'success').length,
  };
}
