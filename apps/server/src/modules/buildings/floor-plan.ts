import type { ViewBox } from '@sbuilding/shared';

/**
 * Office floor plans for the demo campus, drawn by code: a band of rooms on each side of a corridor, a
 * stair core with a lift, doors onto the corridor, room names and areas. 1 user unit = 5 cm, so the
 * 1000 x 600 plan is a 50 m x 30 m floor. The rooms come back with the plan so the seed can create one
 * zone per room, its rectangle matching the drawing.
 */

export const PLAN_VIEW_BOX: ViewBox = [0, 0, 1000, 600];
const METRES_PER_UNIT = 0.05;

export type RoomType = 'office' | 'meeting' | 'corridor' | 'lobby' | 'pantry' | 'restroom';

export interface PlanRoom {
  name: string;
  type: RoomType;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FloorLayout {
  /** Rooms north of the corridor, west to east, from x=20 to x=880 (the stair core follows). */
  north: [name: string, type: RoomType, width: number][];
  /** Rooms south of the corridor, west to east, from x=20 to x=980. */
  south: [name: string, type: RoomType, width: number][];
}

export interface FloorPlan {
  svg: string;
  rooms: PlanRoom[];
  /** Square metres inside the outer walls. */
  area: number;
}

const WALL = { left: 20, right: 980, top: 20, bottom: 580 } as const;
const CORRIDOR = { top: 270, bottom: 330 } as const;
const CORE = { left: 880, right: 980 } as const;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const round = (n: number) => Math.round(n * 10) / 10;

function row(y: number, h: number, from: number, specs: FloorLayout['north']): PlanRoom[] {
  let x = from;
  return specs.map(([name, type, w]) => {
    const room = { name, type, x, y, w, h };
    x += w;
    return room;
  });
}

/** A room with its label, area and a door onto the corridor. */
function drawRoom(room: PlanRoom, mirrored: boolean): string {
  const cx = room.x + room.w / 2;
  const cy = room.y + room.h / 2;
  const area = Math.round(room.w * room.h * METRES_PER_UNIT ** 2);
  const doorY = room.y + room.h === CORRIDOR.top ? CORRIDOR.top : CORRIDOR.bottom;
  // Doors sit near the stair core, so mirrored floors get them at the other end of the room.
  const doorX = mirrored ? room.x + 20 : room.x + room.w - 60;
  return [
    `<g id="room-${escape(room.name.replace(/\W+/g, '-').toLowerCase())}">`,
    `<rect class="room ${room.type}" x="${room.x}" y="${room.y}" width="${room.w}" height="${room.h}"/>`,
    `<line class="door" x1="${doorX}" y1="${doorY}" x2="${doorX + 40}" y2="${doorY}"/>`,
    `<text class="label" x="${cx}" y="${cy}">${escape(room.name)}</text>`,
    `<text class="area" x="${cx}" y="${cy + 20}">${area} m²</text>`,
    '</g>',
  ].join('');
}

function drawCore(mirror: (x: number, w: number) => number): string {
  const x = mirror(CORE.left, CORE.right - CORE.left);
  const steps = Array.from({ length: 9 }, (_, i) => {
    const y = WALL.top + 20 + i * 14;
    return `<line class="step" x1="${x + 10}" y1="${y}" x2="${x + 90}" y2="${y}"/>`;
  });
  return [
    '<g id="core">',
    `<rect class="core" x="${x}" y="${WALL.top}" width="100" height="150"/>`,
    ...steps,
    `<text class="small" x="${x + 50}" y="${WALL.top + 165}">Stairs</text>`,
    `<rect class="core" x="${x}" y="${WALL.top + 175}" width="100" height="75"/>`,
    `<path class="lift" d="M${x + 30} ${WALL.top + 183}L${x + 70} ${WALL.top + 225}M${x + 70} ${WALL.top + 183}L${x + 30} ${WALL.top + 225}"/>`,
    `<text class="small" x="${x + 50}" y="${WALL.top + 243}">Lift</text>`,
    '</g>',
  ].join('');
}

/** Draws a floor; `mirrored` puts the stair core in the west (building B's floors). */
export function floorPlan(title: string, layout: FloorLayout, mirrored = false): FloorPlan {
  const mirror = (x: number, w: number) => (mirrored ? 1000 - x - w : x);
  const flip = (room: PlanRoom): PlanRoom => ({ ...room, x: mirror(room.x, room.w) });
  const corridor: PlanRoom = {
    name: 'Corridor',
    type: 'corridor',
    x: WALL.left,
    y: CORRIDOR.top,
    w: WALL.right - WALL.left,
    h: CORRIDOR.bottom - CORRIDOR.top,
  };
  const rooms = [
    ...row(WALL.top, CORRIDOR.top - WALL.top, WALL.left, layout.north),
    ...row(CORRIDOR.bottom, WALL.bottom - CORRIDOR.bottom, WALL.left, layout.south),
  ].map(flip);
  const svg = [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600" width="1000" height="600"',
    ' font-family="Arial, Helvetica, sans-serif">',
    `<title>${escape(title)}</title>`,
    '<style>',
    '.outline{fill:#ffffff;stroke:#34495e;stroke-width:8}',
    '.room{fill:#f7f9fc;stroke:#5b6b7f;stroke-width:3}',
    '.meeting{fill:#eef6ff}.lobby{fill:#fdf6e3}.pantry{fill:#f1f8ef}.restroom{fill:#f4f1fa}',
    '.corridor{fill:#e8edf3;stroke:none}',
    '.door{stroke:#e8edf3;stroke-width:6}',
    '.core{fill:#dfe4ea;stroke:#5b6b7f;stroke-width:3}.step{stroke:#8795a1;stroke-width:2}',
    '.lift{stroke:#8795a1;stroke-width:2;fill:none}',
    '.label{font-size:16px;fill:#2c3e50;text-anchor:middle}',
    '.area,.small{font-size:12px;fill:#7f8c8d;text-anchor:middle}',
    '</style>',
    `<rect class="outline" x="${WALL.left}" y="${WALL.top}" width="${WALL.right - WALL.left}" height="${WALL.bottom - WALL.top}"/>`,
    `<rect class="corridor" x="${corridor.x}" y="${corridor.y}" width="${corridor.w}" height="${corridor.h}"/>`,
    `<text class="small" x="500" y="305">Corridor</text>`,
    ...rooms.map((room) => drawRoom(room, mirrored)),
    drawCore(mirror),
    `<text class="small" x="${mirrored ? 60 : 940}" y="596">N ↑</text>`,
    '</svg>',
  ].join('\n');
  const area = round((WALL.right - WALL.left) * (WALL.bottom - WALL.top) * METRES_PER_UNIT ** 2);
  return { svg, rooms: [corridor, ...rooms], area };
}
