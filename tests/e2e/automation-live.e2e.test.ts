import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { demoPlace, expectAccessibleSettled, type Api } from './support/devices.js';
import { useOwnCampus } from './support/own-campus.js';

/**
 * Automation acting on the simulated campus (issue 8's done-when): a server as `npm start` runs it, the
 * simulator on and the automation's tick every 2 s. An AC automation opens a simulated AC on its timing; a
 * noon nap dims a simulated light for its NAP window and puts it back after. The devices obey over MQTT and
 * report it, and the scheduling log says what was done and why. The server runs with TEST_CLOCK=1: the
 * noon nap's window is reached by setting the automation's clock (`POST /test/clock`), not by waiting.
 */
const campus = useOwnCampus('automation-live', { SIMULATOR: 'on', SCENE_TICK_SECONDS: '2', TEST_CLOCK: '1' });

interface Row {
  id: number;
  name: string;
  online: boolean;
  zoneId: number | null;
  telemetry: Record<string, { value: unknown }>;
}

async function acRow(api: Api, id?: number): Promise<Row | undefined> {
  const page = await api.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', {
    model: 'ac20',
    pageSize: 100,
  });
  return id === undefined ? page.rows.find((r) => r.online) : page.rows.find((r) => r.id === id);
}

const LIGHT = 'A-F1 corridor light 1';

/** Today's date on a time zone's clock. */
function localDate(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The wall-clock time (HH:mm) an instant shows in a time zone. */
function wallTime(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** The instant a wall-clock time of a date shows in a time zone (the zone's offset at that instant). */
function instantOf(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi] = time.split(':').map(Number);
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  const offsetAt = (ms: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(ms))
        .map((x) => [x.type, Number(x.value)]),
    );
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - ms;
  };
  return new Date(wall - offsetAt(wall - offsetAt(wall)));
}

interface Run {
  sceneName: string;
  outcome: string;
  reason: string | null;
}

describe('AC automation on the simulated campus', () => {
  it('opens a simulated AC on its timing, the unit reports it, and the scheduling log says why', async () => {
    const live = campus.server();
    const session = await campus.asManager(live.url, '/job/log');
    const { page, api } = session;
    const { projectId } = await demoPlace(api, 'Building A');
    await expect.poll(async () => (await acRow(api)) !== undefined, { timeout: 30_000 }).toBe(true);
    const ac = await acRow(api);
    if (!ac) throw new Error('no simulated AC online');
    // Off first, by hand, so the automation has something to do.
    await api.call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: ac.id,
      method: 'setOnOff',
      params: { onOff: false },
      terminal: 'app',
    });
    await expect
      .poll(async () => (await acRow(api, ac.id))?.telemetry.onOff?.value, { timeout: 10_000 })
      .toBe(false);

    // Timing open all day, every day of the week (whatever today is on the project's clock).
    await api.call('PUT', '/sbuilding/acAutomation/create', {
      projectId,
      targetKind: 'device',
      targetId: ac.id,
      setTemperature: 24,
      workMode: 'cool',
      fanSpeed: 'mid',
      timingOpenClose: true,
      openTime: '00:00',
      closeTime: '23:59',
      allWorkdays: false,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    });
    // The unit obeys the automation and reports its new state over MQTT.
    await expect
      .poll(async () => (await acRow(api, ac.id))?.telemetry.onOff?.value, { timeout: 30_000 })
      .toBe(true);
    const unit = await acRow(api, ac.id);
    expect(unit?.telemetry.targetTemp?.value).toBe(24);

    const runs = async () =>
      (await api.call<{ rows: Run[] }>('POST', '/sbuilding/scene/runs', { projectId, pageSize: 50 })).rows;
    await expect
      .poll(async () => (await runs()).some((r) => r.reason === 'acTimingOpen' && r.outcome === 'ran'), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.reload();
    await page.getByText('AC automation: timing open').first().waitFor();
    await screenshot(page, 'job-log-ac-automation');
    await expectAccessibleSettled(page, 'scheduling log with an AC automation run');
  });
  it('dims a simulated light for a noon nap and puts it back at its end', async () => {
    const live = campus.server();
    const session = await campus.asManager(live.url, '/noonNap');
    const { page, api } = session;
    const { projectId } = await demoPlace(api, 'Building A');
    const light = async () => {
      const rows = await api.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', {
        name: LIGHT,
        pageSize: 5,
      });
      return rows.rows.find((r) => r.name === LIGHT);
    };
    await expect.poll(async () => (await light())?.online, { timeout: 30_000 }).toBe(true);
    const before = await light();
    if (!before?.zoneId) throw new Error(`${LIGHT} has no zone`);
    // A two-minute NAP window starting a few minutes ahead of the real time on the project's clock, its day
    // made a working day whatever the calendar says (a nap skips rest days). The automation's clock stands a
    // minute before the window while the light is set by hand and the nap is created, then moves to just
    // past the start and just past the end: no real minutes waited. The control log reads that clock, and
    // what devices report carries their real time, before the window: only a change made during the window
    // counts as set by hand, whatever the time of day the suite runs.
    const project = await api.call<{ timeZone: string }>('GET', `/sbuilding/project/${projectId}`);
    const zone = project.timeZone;
    let napStart = Math.ceil(Date.now() / 60_000) * 60_000 + 3 * 60_000;
    // A window that would cross the project's midnight starts just after it instead.
    if (localDate(zone, new Date(napStart)) !== localDate(zone, new Date(napStart + 2 * 60_000))) {
      napStart = instantOf(localDate(zone, new Date(napStart + 2 * 60_000)), '00:02', zone).getTime();
    }
    const date = localDate(zone, new Date(napStart));
    const startTime = wallTime(zone, new Date(napStart));
    const endTime = wallTime(zone, new Date(napStart + 2 * 60_000));
    const setClock = (time: string, seconds = 0) =>
      api.call('POST', '/test/clock', {
        now: new Date(instantOf(date, time, zone).getTime() + seconds * 1000).toISOString(),
      });
    await setClock(startTime, -60);
    const send = (method: string, params: Record<string, unknown>) =>
      api.call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
        deviceId: before.id,
        method,
        params,
        terminal: 'app',
      });
    await send('setOnOff', { onOff: true });
    await send('setBrightness', { lightnessLevel: 200 });
    const level = async () => (await light())?.telemetry.lightnessLevel?.value;
    await expect.poll(level, { timeout: 10_000 }).toBe(200);
    // On, as the nap needs it (a nap dims only what is on); the simulator's people leave it so for 30 minutes.
    await expect.poll(async () => (await light())?.telemetry.onOff?.value, { timeout: 10_000 }).toBe(true);

    const year = Number(date.slice(0, 4));
    const calendar = await api.call<{
      version: number;
      days: { date: string; type: string; name?: string }[];
    }>('GET', `/sbuilding/vacations/${projectId}?year=${year}`);
    await api.call('POST', '/sbuilding/vacations', {
      projectId,
      year,
      version: calendar.version,
      days: [...calendar.days.filter((d) => d.date !== date), { date, type: 'workday' }],
    });
    const workTime = await api.call<{ id: number }>('POST', '/sbuilding/work/rest', {
      projectId,
      name: 'E2E nap',
      startTime,
      endTime,
      timeType: 'NAP',
      zoneType: 'office',
    });
    await api.call('PUT', '/sbuilding/noonNap/create', {
      projectId,
      name: 'E2E noon nap',
      workTimeId: workTime.id,
      zoneIds: [before.zoneId],
      dimLevel: 40,
      acAction: 'keep',
    });

    // At the start the light dims; at the end it is put back as it was. When it does not, the scheduling
    // log says why (no target on, a command failed), and so does the failure.
    const untilLevel = async (expected: number) => {
      try {
        await expect.poll(level, { timeout: 30_000, interval: 500 }).toBe(expected);
      } catch (error) {
        const { rows } = await api.call<{ rows: unknown[] }>('POST', '/sbuilding/scene/runs', {
          projectId,
          pageSize: 5,
        });
        throw new Error(
          `${LIGHT} never reached ${expected}: ${JSON.stringify(await light())}\nlatest runs: ${JSON.stringify(rows)}`,
          { cause: error },
        );
      }
    };
    await setClock(startTime, 5);
    await untilLevel(40);
    await setClock(endTime, 5);
    await untilLevel(200);
    await page.goto(`${live.url}/job/log`);
    await page
      .getByText(/E2E noon nap \(noon nap (start|end)\)/)
      .first()
      .waitFor();
    await screenshot(page, 'job-log-noon-nap');
    await expectAccessibleSettled(page, 'scheduling log with a noon nap');
  }, 120_000);
});
