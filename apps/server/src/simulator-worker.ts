import { parentPort, workerData } from 'node:worker_threads';
import { backfill, startSimulator, type Log, type Simulator } from '@sbuilding/simulator';
import type { SimulatorAnswer, SimulatorRequest, SimulatorStart } from './simulator-protocol.js';

/**
 * The building simulator's own thread (started by simulator-host.ts). Stepping a year of the campus and
 * serialising its readings took the server's thread for seconds at a time during a first start; here it
 * only competes for a core. It reaches the server as any device and integrator does: MQTT and the HTTP API.
 */
const port = parentPort;
if (!port) throw new Error('simulator-worker.ts runs as a worker thread');
const start: SimulatorStart = workerData;

const answer = (message: SimulatorAnswer) => port.postMessage(message);
const log: Log = (level, msg, data) => answer({ type: 'log', level, msg, data });
const abort = new AbortController();
let simulator: Simulator | null = null;

async function run(): Promise<Simulator | null> {
  const common = { apiUrl: start.apiUrl, token: start.token, mqttUrl: start.mqttUrl, log };
  if (start.history) {
    // No live simulator answers commands meanwhile: the history's devices do, so a switch made during it
    // is obeyed rather than left to time out.
    const history = await backfill({
      ...common,
      ...start.history,
      signal: abort.signal,
      answerCommands: true,
    });
    if (!history.complete) return null;
  }
  if (abort.signal.aborted) return null;
  // The demo's faults (issue 38): a new campus shows what the fault rules find on its first day.
  const live = await startSimulator({ ...common, speed: start.speed, demoFaults: start.demoFaults });
  // Stopped while its devices connected: they go again.
  if (abort.signal.aborted) {
    await live.stop();
    return null;
  }
  return live;
}

const running = run().then(
  (live) => {
    simulator = live;
    answer(
      live ? { type: 'running', devices: live.stats().devicesSimulated } : { type: 'idle', error: null },
    );
  },
  (error: unknown) => {
    answer({ type: 'idle', error: error instanceof Error ? error.message : String(error) });
    // Nothing to run: the thread ends (the host ends it should a half-made fleet keep it alive).
    port.close();
  },
);

const stop = async (): Promise<void> => {
  abort.abort();
  await running;
  await simulator?.stop();
  simulator = null;
  // Nothing left to keep the thread alive: it ends, and the host hears its exit.
  port.close();
};

port.on('message', (request: SimulatorRequest) => {
  if (request.type === 'stop') {
    void stop();
    return;
  }
  const live = simulator;
  if (request.type === 'fault') {
    const done = live
      ? live.setFault(request.deviceId, request.kind)
      : Promise.resolve('notSimulated' as const);
    void done.then(
      (outcome) => answer({ type: 'faulted', id: request.id, outcome, faults: live?.faults() ?? {} }),
      (error: unknown) => {
        log('warn', 'fault failed', { deviceId: request.deviceId, error: String(error) });
        answer({ type: 'faulted', id: request.id, outcome: 'notSimulated', faults: live?.faults() ?? {} });
      },
    );
    return;
  }
  const done = live ? (request.on ? live.plug(request.deviceId) : live.unplug(request.deviceId)) : null;
  void (done ?? Promise.resolve(false)).then(
    (found) => answer({ type: 'plugged', id: request.id, found }),
    (error: unknown) => {
      log('warn', 'plug failed', { deviceId: request.deviceId, error: String(error) });
      answer({ type: 'plugged', id: request.id, found: false });
    },
  );
});
