import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { Mark } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { FloorMarks } from './floor-marks';
import { FLOOR, LIGHT_204, MARKS } from './test-fixtures';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

// jsdom has no PointerEvent: without it the pointer events lose their coordinates and button.
if (!('PointerEvent' in window)) {
  Object.defineProperty(window, 'PointerEvent', {
    value: class PointerEvent extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
      }
    },
  });
}

const sent = (url: string) => seen.filter((c) => c.url === url);

function renderFloor(floor = FLOOR) {
  render(
    <Providers>
      <FloorMarks floor={floor} projectId={5} />
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
    '/sbuilding/mark/bind/3': (config) => envelope(200, { ...MARKS[2], ...(bodyOf(config) as object) }),
    '/sbuilding/mark/del/2': envelope(200, null),
    '/sbuilding/floor/getList': envelope(200, { rows: [FLOOR], total: 1 }),
    '/sbuilding/device/getList': envelope(200, { rows: [LIGHT_204], total: 1 }),
  });
});
afterEach(() => vi.restoreAllMocks());

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
    expect(await seriousViolations()).toEqual([]);
  });

  it('moves a mark dragged with the pointer, in plan units, on the drop', async () => {
    renderFloor();
    const target = await screen.findByRole(
      'button',
      { name: 'Mark L-201, bound to Light 201, online' },
      WAIT,
    );
    const canvas = screen.getByTestId('marks-canvas');
    // jsdom lays nothing out: the overlay is shown 500 x 250 px at (0, 0), half the plan's units.
    canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 500, height: 250 });
    fireEvent.pointerDown(target, { button: 0, clientX: 100, clientY: 50, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 130, clientY: 70, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 150, clientY: 100, pointerId: 1 });
    expect(target).toHaveAttribute('transform', 'translate(300 200)');
    fireEvent.pointerUp(canvas, { clientX: 150, clientY: 100, pointerId: 1 });
    await waitFor(() => expect(sent('/sbuilding/mark/move/1')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/mark/move/1')[0])).toEqual({ x: 300, y: 200, version: 3 });
  });

  it("opens a mark with Enter and binds it to a device of the mark's building", async () => {
    renderFloor();
    const target = await screen.findByRole('button', { name: 'Mark L-203, not bound' }, WAIT);
    target.focus();
    await userEvent.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(within(drawer).getByLabelText('Mark name')).toHaveValue('L-203');
    expect(within(drawer).getByText('Not bound to a device')).toBeInTheDocument();
    const picker = await within(drawer).findByRole(
      'table',
      { name: 'Devices of this building to bind' },
      WAIT,
    );
    await userEvent.click(await within(picker).findByRole('radio', { name: 'Select Light 204' }, WAIT));
    await waitFor(() => expect(sent('/sbuilding/mark/bind/3')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/mark/bind/3')[0])).toEqual({ deviceId: 204, version: 3 });
    expect(bodyOf(sent('/sbuilding/device/getList')[0])).toMatchObject({ projectId: 5, buildingId: 11 });
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

  it('adds a mark at the centre of the plan through its form, then keeps it open to bind it', async () => {
    // A server that keeps the created mark, so the reloaded list has it.
    const marks: Mark[] = [...MARKS];
    serve({
      '/sbuilding/mark/getList': () => envelope(200, marks),
      '/sbuilding/mark/create': (config) => {
        const created: Mark = { ...MARKS[2]!, ...(bodyOf(config) as Partial<Mark>), id: 8, version: 1 };
        marks.push(created);
        return envelope(200, created);
      },
      '/sbuilding/floor/getList': envelope(200, { rows: [FLOOR], total: 1 }),
      '/sbuilding/device/getList': envelope(200, { rows: [LIGHT_204], total: 1 }),
    });
    renderFloor();
    await screen.findByRole('button', { name: 'Mark L-201, bound to Light 201, online' }, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Add mark' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(drawer).toHaveTextContent('New mark');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Mark name is required', {}, WAIT)).toBeInTheDocument();
    await userEvent.type(within(drawer).getByLabelText('Mark name'), 'L-210');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/mark/create')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/mark/create')[0])).toMatchObject({
      floorId: 3,
      markName: 'L-210',
      belongType: 'lighting',
      x: 500,
      y: 250,
      deviceId: null,
    });
    expect(await within(drawer).findByText('Devices of this building to bind', {}, WAIT)).toBeInTheDocument();
  });

  it('says so when the floor has no plan, instead of an empty frame', async () => {
    renderFloor({ ...FLOOR, planId: null, planUrl: null, planViewBox: null });
    expect(
      await screen.findByText('This floor has no plan yet: upload one on the Buildings page', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add mark' })).not.toBeInTheDocument();
  });

  it('deletes a mark from its drawer after confirmation', async () => {
    renderFloor();
    const list = await screen.findByRole('table', { name: 'Marks of 2F' }, WAIT);
    await userEvent.click(await within(list).findByRole('button', { name: 'Open mark L-202' }, WAIT));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Delete' }));
    // The confirmation opens over the drawer (antd's ids repeat under jsdom, so it is found by its text).
    const confirm = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Delete mark L-202?'));
      if (!found) throw new Error('no confirmation yet');
      return found;
    }, WAIT);
    expect(sent('/sbuilding/mark/del/2')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('/sbuilding/mark/del/2')).toHaveLength(1), WAIT);
  });
});
