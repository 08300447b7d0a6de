import {
  COMMAND_METHODS,
  DEVICE_MODELS,
  FDD_SENSOR_KEYS,
  commandSchemaFor,
  type CommandMethod,
  type DeviceModel,
  type SimFaultKind,
} from '@sbuilding/shared';
import type { CommandReply, DeviceInfo, StepContext, Value } from '../types.js';

function isCommandMethod(value: string): value is CommandMethod {
  return COMMAND_METHODS.some((m) => m === value);
}

/** Parameters after the catalogue's schema accepted them; read with the helpers below, never cast. */
export type Params = Record<string, unknown>;

export function boolParam(params: Params, name: string): boolean | undefined {
  const value = params[name];
  return typeof value === 'boolean' ? value : undefined;
}

export function numberParam(params: Params, name: string): number | undefined {
  const value = params[name];
  return typeof value === 'number' ? value : undefined;
}

export function stringParam(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}

/** A stable 0-1 number per device, so two lights of one floor do not behave identically. */
export function deviceHash(id: number, salt = 0): number {
  const x = Math.sin(id * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

export function latestNumber(info: DeviceInfo, key: string): number | undefined {
  const value = info.latest[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * One simulated device. A kind computes its readings (`readings`, possibly more keys than the model
 * has); what goes on the wire is filtered through the model's telemetry list of the catalogue, so a key
 * list is never written twice. Commands are checked against the catalogue's command schemas first.
 */
export abstract class SimDevice {
  readonly model: DeviceModel;
  /** Keys outside the catalogue sent once with the next report, e.g. the `terminal` that caused a change. */
  private extras: Record<string, Value> = {};
  /** Set when the device changed by itself (a person pressed a button): report at once. */
  changed = false;
  /** Set by a command the device obeyed; the world's next step turns it into `leftAloneUntil`. */
  commanded = false;
  /**
   * Simulated time (ms) until which people leave the device as the console set it: nobody switches off a
   * light or an AC someone switched on from the console a moment ago, nor on again one switched off.
   */
  leftAloneUntil = 0;
  /** The fault given to the device (issue 38: the fault rules are checked against it), if any. */
  fault: SimFaultKind | null = null;
  /** What a stuck sensor keeps reporting. */
  private frozen: Record<string, Value> | null = null;

  constructor(readonly info: DeviceInfo) {
    this.model = DEVICE_MODELS[info.model];
  }

  /** Faults this kind can have besides those of every device (commands ignored, sensors stuck). */
  protected ownFaults(): readonly SimFaultKind[] {
    return [];
  }

  /** Whether the device can have `kind`: answers false (and changes nothing) when it cannot. */
  setFault(kind: SimFaultKind | null): boolean {
    if (kind !== null && !this.canHave(kind)) return false;
    this.fault = kind;
    const readings = this.readings();
    this.frozen =
      kind === 'sensorStuck'
        ? Object.fromEntries(
            FDD_SENSOR_KEYS.flatMap((k) => (readings[k] === undefined ? [] : [[k, readings[k]]])),
          )
        : null;
    if (kind !== null) this.faultBegins(kind);
    this.changed = true;
    return true;
  }

  private canHave(kind: SimFaultKind): boolean {
    if (kind === 'ignoresCommands') return this.model.commands.length > 0;
    if (kind === 'sensorStuck') return FDD_SENSOR_KEYS.some((k) => this.readings()[k] !== undefined);
    return this.ownFaults().includes(kind);
  }

  /** What a fault does the moment it begins (a kind's own faults). */
  protected faultBegins(_kind: SimFaultKind): void {}

  /** Advances the device by `ctx.dtHours` of simulated time. */
  abstract step(ctx: StepContext): void;

  /** Every reading the kind knows; keys the model lacks are dropped by `telemetry()`. */
  protected abstract readings(): Record<string, Value>;

  /** Applies an accepted command; the default knows only `reboot`. */
  protected apply(method: CommandMethod, _params: Params): CommandReply {
    if (method === 'reboot') return { success: true };
    return { success: false, error: `${this.model.id} does not simulate ${method}` };
  }

  /** Electrical load in W, for the ammeters of the floor. */
  power(): number {
    return 0;
  }

  /** The wire keys of the model: `power1`..`power4` for per-channel readings, on the device's channel. */
  telemetry(): Record<string, Value> {
    const all = { ...this.readings(), ...this.frozen };
    const out: Record<string, Value> = {};
    for (const spec of this.model.telemetry) {
      const value = all[spec.key];
      if (value === undefined) continue;
      out[spec.perChannel ? `${spec.key}${this.channel()}` : spec.key] = value;
    }
    Object.assign(out, this.extras);
    this.extras = {};
    return out;
  }

  /** The ammeter channel (props.channel, 1-4); 1 for a device without one. */
  channel(): number {
    const value = this.info.props.channel;
    return typeof value === 'number' && value >= 1 && value <= 4 ? value : 1;
  }

  /** Checks `method` and `params` against the model's commands, then applies them. */
  command(method: unknown, params: unknown): CommandReply {
    if (typeof method !== 'string' || !isCommandMethod(method)) {
      return { success: false, error: `unknown method ${String(method)}` };
    }
    const schema = commandSchemaFor(this.model.id, method);
    if (!schema) return { success: false, error: `${this.model.id} does not support ${method}` };
    const parsed = schema.safeParse(params ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        success: false,
        error: `${issue?.path.join('.') ?? 'params'}: ${issue?.message ?? 'invalid'}`,
      };
    }
    // A device that ignores commands says it took them.
    if (this.fault === 'ignoresCommands') return { success: true };
    const reply = this.apply(method, parsed.data);
    if (reply.success) this.commanded = true;
    return reply;
  }

  /** Whether people may switch the device by hand (a button, a wall panel) at `ts`: not just after a command. */
  mayBeSwitchedByHand(ts: number): boolean {
    return ts >= this.leftAloneUntil;
  }

  /** Marks a change made on the device itself, reported with its source (`terminal`). */
  touched(terminal: string): void {
    this.extras.terminal = terminal;
    this.changed = true;
  }
}
