import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { Floor, Mark } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { FloorMarks } from './floor-marks';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

const FLOOR: Floor = {
  id: 3,
  tenantId: 1,
  buildingId: 11,
  name: '2F',
  mark: 'F2',
  area: null,
  imageId: null,
  imageUrl: null,
  planId: 'plan-1',
  planUrl: '/sbuilding/file/plan?exp=1&sig=x',
  planViewBox: [0, 0, 1000, 500],
  tags: [],
  sort: 2,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

function mark(id: number, markName: string, device: { name: string; online: boolean } | null): Mark {
  return {
    id,
    tenantId: 1,
    buildingId: 11,
    floorId: 3,
    markName,
    nickname: '',
    onFloor: true,
    belongType: 'lighting',
    meshId: '',
    proxy: false,
    relay: false,
    dashboardNickname: '',
    alignment: 'center',
    leftButton: '',
    midButton: '',
    rightButton: '',
    x: 200,
    y: 100,
    deviceId: device ? 100 + id : null,
    bound: device !== null,
    online: device ? device.online : null,
    deviceName: device?.name ?? null,
    deviceModel: device ? 's2' : null,
    deviceCategory: device ? 'light' : null,
    version: 3,
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
  };
}

const MARKS = [
  mark(1, 'L-201', { name: 'Light 201', online: true }),
  mark(2, 'L-202', { name: 'Light 202', online: false }),
  mark(3, 'L-203', null),
];

const sent = (url: string) => seen.filter((c) => c.url === url);

function renderFloor() {
  render(
    <Providers>
      <FloorMarks floor={FLOOR} projectId={5} />
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/mark/getList': envelope(200, MARKS),
    '/sbuilding/mark/move/1': (config) =>
      envelope(200, { ...MARKS[0], ...(bodyOf(config) as object), version: 4 }),
  });
});

describe('device marks on a floor plan', { timeout: 120_000 }, () => {
  it('announces bound-online, bound-offline and unbound marks differently, on the plan and in the list', async () => {
    renderFloor();
    const plan = await screen.findByRole('group', { name: 'Device marks on the floor plan of 2F' }, WAIT);
    expect(
      await within(plan).findByRole('button', { name: 'Mark L-201, bound to Light 201, online' }, WAIT),
    ).toBeInTheDocument();
    expect(
      within(plan).getByRole('button', { name: 'Mark L-202, bound to Light 202, offline' }),
    ).toBeInTheDocument();
    expect(within(plan).getByRole('button', { name: 'Mark L-203, not bound' })).toBeInTheDocument();
    // The plan is a picture, never markup in the page.
    expect(screen.getByRole('img', { name: 'Floor plan of 2F' }).tagName).toBe('IMG');

    const list = screen.getByRole('table', { name: 'Marks of 2F' });
    const rows = within(list).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/L-201.*Light 201.*Bound, online/);
    expect(rows[2]).toHaveTextContent(/L-202.*Light 202.*Bound, offline/);
    expect(rows[3]).toHaveTextContent(/L-203.*Not bound/);
  });

  it('moves a focused mark with the arrow keys (Shift for big steps) and saves the new place once', async () => {
    renderFloor();
    const target = await screen.findByRole(
      'button',
      { name: 'Mark L-201, bound to Light 201, online' },
      WAIT,
    );
    target.focus();
    // One step is 1/100 of the plan's width (10 units), Shift ten of them.
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(target).toHaveAttribute('transform', 'translate(220 200)');
    await waitFor(() => expect(sent('/sbuilding/mark/move/1')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/mark/move/1')[0])).toEqual({ x: 220, y: 200, version: 3 });
    expect(await screen.findByText('L-201 moved to 220, 200', {}, WAIT)).toBeInTheDocument();
  });

  it('puts a mark back where it was when the server refuses the move', async () => {
    serve({
      '/sbuilding/mark/getList': envelope(200, MARKS),
      '/sbuilding/mark/move/1': envelope(409, null, 'The mark was changed by someone else'),
    });
    renderFloor();
    const target = await screen.findByRole(
      'button',
      { name: 'Mark L-201, bound to Light 201, online' },
      WAIT,
    );
    target.focus();
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(sent('/sbuilding/mark/move/1')).toHaveLength(1), WAIT);
    expect(await screen.findByText('L-201 was not moved', {}, WAIT)).toBeInTheDocument();
    expect(target).toHaveAttribute('transform', 'translate(200 100)');
    expect(await screen.findByText('The mark was changed by someone else', {}, WAIT)).toBeInTheDocument();
  });
});
