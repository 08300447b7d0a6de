import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { permissionsForRoles, type Floor, type Role, type Scene, type Zone } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { roomDevice } from '@/test/fixtures';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import SceneWizardPage from './scene-wizard-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

const LIGHT = roomDevice(21, 'Light 201', 'light', 's2');
const AC = roomDevice(23, 'AC 201', 'ac', 'ac20');

const SCENE: Scene = {
  id: 3,
  tenantId: 1,
  projectId: 5,
  name: 'Corridor lights off',
  enabled: true,
  miniProgram: false,
  triggerType: 'device',
  zoneId: null,
  category: 'light',
  conditions: [{ source: 'device', deviceId: 23, property: 'pir', operator: 'equal', value: 0 }],
  relationship: 'all',
  executionTimes: [],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  effectiveStart: null,
  effectiveEnd: null,
  auxiliaryCondition: 'none',
  timeRange: null,
  maxExecuteCount: 0,
  repeatIntervalMinutes: 0,
  vacantTimeoutMinutes: 0,
  manualTimeoutMinutes: 0,
  preDelaySeconds: 0,
  targets: [{ kind: 'device', id: 21, name: 'Light 201', position: '' }],
  actions: [{ method: 'setOnOff', params: { onOff: false } }],
  lastRun: null,
  version: 7,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const sent = (url: string) => seen.filter((c) => c.url === url);

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/scenes/add" element={<SceneWizardPage />} />
          <Route path="/scenes/edit" element={<SceneWizardPage />} />
          <Route path="/schedule/add" element={<SceneWizardPage />} />
          <Route path="/linkage/add" element={<SceneWizardPage />} />
          <Route path="/scene" element={<p>Scene list</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));
const stepHeading = (text: string) => screen.findByText(text, {}, WAIT);

async function choose(name: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await userEvent.click(
    await screen.findByText(option, { selector: '.ant-select-item-option-content' }, WAIT),
  );
}

async function pickDevice(name: string) {
  const picker = await screen.findByRole('table', { name: 'Devices to choose from' }, WAIT);
  await userEvent.click(await within(picker).findByRole('checkbox', { name: `Select ${name}` }, WAIT));
}

/** Signs in with a role as GET /getInfo gives it (roles and their permissions). */
function signInAs(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

beforeEach(async () => {
  queryClient.clear();
  signInAs('tbAdmin');
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/device/getList': envelope(200, { rows: [LIGHT, AC], total: 2 }),
    '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/group/getList': envelope(200, { rows: [], total: 0 }),
    // The server answers the scene saved, its targets named.
    '/sbuilding/scene/create': (config) =>
      envelope(200, { ...SCENE, ...(bodyOf(config) as object), targets: SCENE.targets, id: 4 }),
    '/sbuilding/scene/3': envelope(200, SCENE),
    '/sbuilding/scene/save/3': (config) =>
      envelope(200, { ...SCENE, ...(bodyOf(config) as object), targets: SCENE.targets, version: 8 }),
  });
});

describe('scene wizard', { timeout: 300_000 }, () => {
  it('stays on a step with errors and shows the section 5 messages on it', async () => {
    renderAt('/scenes/add');
    await stepHeading('Step 1 of 4: Basic info');
    await next();
    expect(await screen.findByText('Name is required', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4: Basic info')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name'), 'Morning');
    await next();
    await stepHeading('Step 2 of 4: Trigger');
    await next();
    expect(await screen.findByText('Trigger type is required', {}, WAIT)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Timing' }));
    const time = screen.getByLabelText('Execution time');
    await userEvent.type(time, '08:00{Enter}');
    await userEvent.type(time, '08:00{Enter}');
    expect(await screen.findByText('ExecuteTime is exist !', {}, WAIT)).toBeInTheDocument();
    await next();
    await stepHeading('Step 3 of 4: Execute action');

    await next();
    expect(await screen.findByText('Select Target!', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Execute Action is required!')).toBeInTheDocument();
    await pickDevice('Light 201');
    await pickDevice('AC 201');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    await choose('Action', 'Switch on/off');
    await next();
    expect(await screen.findByText('Select the same category device', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 4: Execute action')).toBeInTheDocument();
    expect(sent('/sbuilding/scene/create')).toHaveLength(0);
  });

  it('saves a timing scene from /schedule/add with the body the server takes', async () => {
    renderAt('/schedule/add');
    await userEvent.type(await screen.findByLabelText('Name', {}, WAIT), 'Morning AC');
    await next();
    await stepHeading('Step 2 of 4: Trigger');
    expect(screen.getByRole('radio', { name: 'Timing' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Execution time'), '08:30{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await userEvent.type(screen.getByLabelText('Max execute count'), '1');
    await next();
    await stepHeading('Step 3 of 4: Execute action');
    await pickDevice('AC 201');
    await userEvent.click(screen.getByRole('button', { name: 'Add action' }));
    await choose('Action', 'Set target temperature');
    await userEvent.type(await screen.findByLabelText('Target temperature', {}, WAIT), '24');
    await next();
    await stepHeading('Step 4 of 4: Done');
    expect(screen.getByText('08:30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent('/sbuilding/scene/create')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/scene/create')[0])).toEqual({
      projectId: 5,
      name: 'Morning AC',
      enabled: true,
      miniProgram: false,
      triggerType: 'timing',
      zoneId: null,
      category: 'ac',
      conditions: [],
      relationship: 'all',
      executionTimes: ['08:30'],
      weekdays: [1, 2, 3, 4, 5],
      effectiveStart: null,
      effectiveEnd: null,
      auxiliaryCondition: 'none',
      timeRange: null,
      maxExecuteCount: 1,
      repeatIntervalMinutes: 0,
      vacantTimeoutMinutes: 0,
      manualTimeoutMinutes: 0,
      preDelaySeconds: 0,
      targets: [{ kind: 'device', id: 23 }],
      actions: [{ method: 'setTargetTemp', params: { targetTemp: 24 } }],
    });
    expect(await screen.findByText('Scene Morning AC saved', { selector: 'h2' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the scene list' })).toHaveAttribute('href', '/scene');
  });

  it('opens /linkage/add as a device-triggered scene with a device condition', async () => {
    renderAt('/linkage/add');
    expect(await screen.findByRole('heading', { name: 'Linkage setting' }, WAIT)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Name'), 'Empty room');
    await next();
    await stepHeading('Step 2 of 4: Trigger');
    expect(screen.getByRole('radio', { name: 'Device' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Condition 1' })).toBeInTheDocument();
    await next();
    expect(await screen.findByText('Property is required', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Device is required')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('edits a scene: loads it, saves it with the version read', async () => {
    renderAt('/scenes/edit?id=3');
    expect(await screen.findByDisplayValue('Corridor lights off', {}, WAIT)).toBeInTheDocument();
    await next();
    await stepHeading('Step 2 of 4: Trigger');
    expect(screen.getByRole('radio', { name: 'Device' })).toBeChecked();
    await next();
    await stepHeading('Step 3 of 4: Execute action');
    expect(
      within(screen.getByRole('table', { name: 'Chosen targets' })).getByText('Light 201'),
    ).toBeInTheDocument();
    await next();
    await stepHeading('Step 4 of 4: Done');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/scene/save/3')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/scene/save/3')[0])).toMatchObject({
      name: 'Corridor lights off',
      triggerType: 'device',
      category: 'light',
      conditions: [{ source: 'device', deviceId: 23, property: 'pir', operator: 'equal', value: 0 }],
      targets: [{ kind: 'device', id: 21 }],
      actions: [{ method: 'setOnOff', params: { onOff: false } }],
      version: 7,
    });
    expect(
      await screen.findByText('Scene Corridor lights off saved', { selector: 'h2' }, WAIT),
    ).toBeInTheDocument();
  });

  it('shows the conflict when the scene was changed meanwhile, and starts again from the reloaded scene', async () => {
    let version = 7;
    serve({
      '/sbuilding/device/getList': envelope(200, { rows: [LIGHT, AC], total: 2 }),
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/group/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/scene/3': () => envelope(200, { ...SCENE, name: `Corridor v${version}`, version }),
      '/sbuilding/scene/save/3': () => {
        version = 8;
        return envelope(409, null, 'The scene was changed by someone else');
      },
    });
    renderAt('/scenes/edit?id=3');
    expect(await screen.findByDisplayValue('Corridor v7', {}, WAIT)).toBeInTheDocument();
    await next();
    await stepHeading('Step 2 of 4: Trigger');
    await next();
    await stepHeading('Step 3 of 4: Execute action');
    await next();
    await stepHeading('Step 4 of 4: Done');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The scene was changed by someone else', {}, WAIT)).toBeInTheDocument();
    expect(bodyOf(sent('/sbuilding/scene/save/3')[0])).toMatchObject({ version: 7 });
    expect(await screen.findByDisplayValue('Corridor v8', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 4: Basic info')).toBeInTheDocument();
  });

  it("shows an edited scene's zone in its floor, found from the zone itself", async () => {
    const stamp = { version: 1, createTime: '2026-01-01T00:00:00Z', updateTime: '2026-01-01T00:00:00Z' };
    const floor: Floor = {
      id: 3,
      tenantId: 1,
      buildingId: 11,
      name: '2F',
      mark: '',
      area: null,
      imageId: null,
      imageUrl: null,
      planId: null,
      planUrl: null,
      planViewBox: null,
      tags: [],
      sort: 2,
      ...stamp,
    };
    const zone: Zone = {
      id: 40,
      tenantId: 1,
      floorId: 3,
      name: 'Room 201',
      type: 'office',
      mark: '',
      shape: null,
      ...stamp,
    };
    serve({
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/floor/getList': envelope(200, { rows: [floor], total: 1 }),
      '/sbuilding/floor/3': envelope(200, floor),
      '/sbuilding/sector/40': envelope(200, zone),
      '/sbuilding/sector/getList': envelope(200, { rows: [zone], total: 1 }),
      '/sbuilding/scene/3': envelope(200, { ...SCENE, zoneId: 40, vacantTimeoutMinutes: 10 }),
    });
    renderAt('/scenes/edit?id=3');
    const chooser = await screen.findByRole('combobox', { name: 'Zone' }, WAIT);
    await waitFor(() => expect(chooser.closest('.ant-select')).toHaveTextContent('Room 201'), WAIT);
    expect(screen.getByRole('combobox', { name: 'Floor' }).closest('.ant-select')).toHaveTextContent('2F');
  });

  it.each(['tbCustomer', 'tbVisualDisplay'] as const)(
    'lets a %s turn the steps of /schedule/add read-only, saying why, with no Save',
    async (role) => {
      signInAs(role);
      renderAt('/schedule/add');
      expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
        "You can look at the wizard's steps but not save a scene: changing scenes is for the project's administrators.",
      );
      expect(await screen.findByLabelText('Name', {}, WAIT)).toBeDisabled();
      expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
      // Next turns the page without checking the empty name: nothing here is going to be saved.
      await next();
      await stepHeading('Step 2 of 4: Trigger');
      expect(screen.getByRole('radio', { name: 'Timing' })).toBeDisabled();
      await next();
      await stepHeading('Step 3 of 4: Execute action');
      await next();
      await stepHeading('Step 4 of 4: Done');
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Back' }));
      await stepHeading('Step 3 of 4: Execute action');
      expect(sent('/sbuilding/scene/create')).toHaveLength(0);
      expect(await seriousViolations()).toEqual([]);
    },
  );
});
