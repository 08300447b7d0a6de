import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Zone } from '@sbuilding/shared';
import { setLanguage } from '@/lib/i18n';
import { planNamesOf } from '../api/get-plan-names';
import { PlanView, type DrawMode, type PlanViewProps } from './plan-view';

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

const ZONE: Zone = {
  id: 7,
  tenantId: 1,
  floorId: 3,
  name: 'Office 101',
  type: 'office',
  mark: '',
  shape: { kind: 'rect', x: 100, y: 100, w: 200, h: 100 },
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

function renderPlan(mode: DrawMode, overrides: Partial<PlanViewProps> = {}) {
  const props: PlanViewProps = {
    planUrl: '/sbuilding/file/plan?exp=1&sig=x',
    planViewBox: [0, 0, 1000, 500],
    floorName: '1st floor',
    zones: [ZONE],
    selectedId: null,
    onSelect: vi.fn(),
    mode,
    onDrawn: vi.fn(),
    onCancel: vi.fn(),
    pending: null,
    ...overrides,
  };
  render(<PlanView {...props} />);
  const canvas = screen.getByRole('application', { name: 'Zones on the floor plan of 1st floor' });
  // jsdom lays nothing out: the overlay is shown 500 x 250 px at (0, 0), half the plan's units.
  canvas.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 500, height: 250 });
  return { props, canvas };
}

beforeEach(async () => {
  await setLanguage('en');
});

describe('floor plan view', () => {
  it('shows the plan as a picture, never as markup, and the zones on its own overlay', () => {
    const { canvas } = renderPlan('select');
    const plan = screen.getByRole('img', { name: 'Floor plan of 1st floor' });
    expect(plan.tagName).toBe('IMG');
    expect(plan).toHaveAttribute('src', '/sbuilding/file/plan?exp=1&sig=x');
    expect(canvas).toHaveAttribute('viewBox', '0 0 1000 500');
    expect(canvas.querySelector('rect')).toHaveAttribute('width', '200');
    expect(canvas).toHaveAccessibleDescription(/Click a zone to select it/);
  });

  it('names each room once: a zone the plan already names gets no second label on the overlay', () => {
    const MEETING: Zone = {
      ...ZONE,
      id: 8,
      name: 'Meeting room',
      shape: { kind: 'rect', x: 400, y: 100, w: 100, h: 100 },
    };
    const { canvas } = renderPlan('select', {
      zones: [ZONE, MEETING],
      planNames: planNamesOf(
        '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="1">office  101</text><text>Stairs</text></svg>',
      ),
    });
    const labels = [...canvas.querySelectorAll('.sb-zone-label')].map((n) => n.textContent);
    expect(labels).toEqual(['Meeting room']);
    // The zone keeps its name for pointers and screen readers.
    expect(canvas.querySelector('[data-zone-id="7"] title')).toHaveTextContent('Office 101');
  });

  it('labels no zone until it knows what the plan names', () => {
    const { canvas } = renderPlan('select', { planNames: null });
    expect(canvas.querySelectorAll('.sb-zone-label')).toHaveLength(0);
  });

  it('selects a zone clicked in select mode', () => {
    const { props, canvas } = renderPlan('select');
    fireEvent.click(canvas.querySelector('[data-zone-id="7"]')!);
    expect(props.onSelect).toHaveBeenCalledWith(7);
  });

  it('draws a rectangle by dragging, in plan units', () => {
    const { props, canvas } = renderPlan('rect');
    fireEvent.pointerDown(canvas, { button: 0, clientX: 50, clientY: 25, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 150, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 200, clientY: 125, pointerId: 1 });
    expect(props.onDrawn).toHaveBeenCalledWith({ kind: 'rect', x: 100, y: 50, w: 300, h: 200 });
  });

  it('closes a polygon with Enter once it has three corners', () => {
    const { props, canvas } = renderPlan('polygon');
    fireEvent.click(canvas, { clientX: 0, clientY: 0 });
    fireEvent.click(canvas, { clientX: 100, clientY: 0 });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(props.onDrawn).not.toHaveBeenCalled();
    fireEvent.click(canvas, { clientX: 100, clientY: 100 });
    fireEvent.keyDown(canvas, { key: 'Enter' });
    expect(props.onDrawn).toHaveBeenCalledWith({
      kind: 'polygon',
      points: [
        [0, 0],
        [200, 0],
        [200, 200],
      ],
    });
  });

  it('closes a polygon with a double-click, whose clicks add no extra corner', () => {
    const { props, canvas } = renderPlan('polygon');
    for (const [x, y] of [
      [0, 0],
      [100, 0],
      [100, 100],
      [100, 100],
    ])
      fireEvent.click(canvas, { clientX: x, clientY: y });
    fireEvent.doubleClick(canvas, { clientX: 100, clientY: 100 });
    expect(props.onDrawn).toHaveBeenCalledWith({
      kind: 'polygon',
      points: [
        [0, 0],
        [200, 0],
        [200, 200],
      ],
    });
  });

  it('drops the drawing on Escape', () => {
    const { props, canvas } = renderPlan('polygon');
    fireEvent.click(canvas, { clientX: 0, clientY: 0 });
    fireEvent.keyDown(canvas, { key: 'Escape' });
    expect(props.onCancel).toHaveBeenCalled();
    expect(props.onDrawn).not.toHaveBeenCalled();
  });
});
