/** What the server's thread and the building simulator's thread (simulator-worker.ts) say to each other. */
import type { SimFaultKind, SimFaultOutcome } from '@sbuilding/shared';
import type { LogLevel } from '@sbuilding/simulator';

/** The first start's history the worker writes before the campus comes alive. */
export interface SimulatorHistory {
  readonly days: number;
  readonly detailDays: number;
  readonly stepMinutes: number;
  readonly coarseStepMinutes: number;
  readonly window: number;
}

/** The worker's start: where the server is and whose session it acts with, as any integrator. */
export interface SimulatorStart {
  readonly apiUrl: string;
  readonly token: string;
  readonly mqttUrl: string;
  readonly speed: number;
  /** Written first when set (the campus's first start). */
  readonly history: SimulatorHistory | null;
  /** Whether the demo's faults are given (SIM_DEMO_FAULTS). */
  readonly demoFaults: boolean;
}

export type SimulatorRequest =
  /** Pulls (`on` false) or restores (`on` true) a device's plug; answered by `plugged` with the same id. */
  | { readonly type: 'plug'; readonly id: number; readonly deviceId: number; readonly on: boolean }
  /** Gives a device a fault or takes it away (`kind` null); answered by `faulted` with the same id. */
  | {
      readonly type: 'fault';
      readonly id: number;
      readonly deviceId: number;
      readonly kind: SimFaultKind | null;
    }
  /** Cuts the history short or stops the simulator, then the worker ends. */
  | { readonly type: 'stop' };

export type SimulatorAnswer =
  | {
      readonly type: 'log';
      readonly level: LogLevel;
      readonly msg: string;
      readonly data: Record<string, unknown> | undefined;
    }
  /** The live simulator runs: its devices are connected. */
  | { readonly type: 'running'; readonly devices: number }
  /** Nothing runs: the history was cut short (stop), or the start failed (`error`). */
  | { readonly type: 'idle'; readonly error: string | null }
  | { readonly type: 'plugged'; readonly id: number; readonly found: boolean }
  | {
      readonly type: 'faulted';
      readonly id: number;
      readonly outcome: SimFaultOutcome;
      /** Every device's fault after the change. */
      readonly faults: Record<number, SimFaultKind>;
    };
