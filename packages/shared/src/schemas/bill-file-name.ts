import type { BillNodes } from './energy-billing.js';

type BillNode = BillNodes[number];
/** A place as the bill nodes list it (whether it is metered does not matter here). */
type Place = Pick<BillNode, 'level' | 'id' | 'name' | 'parentId'>;

/** A file name part: no path separators, reserved or control characters, spaces as '-', at most 80 characters. */
export function sanitizeFilePart(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .replace(/^\.+/, '')
      .slice(0, 80)
  );
}

/**
 * The names that say where a bill's place is, outermost first: a building's own, a floor's building and floor,
 * a zone's building, floor and zone (a floor's name alone, "1st floor", does not say which building); a meter
 * tree node its own name. Looked up in the project's bill nodes.
 */
export function billPlaceNames(node: Place, nodes: readonly Place[]): string[] {
  const find = (level: Place['level'], id: number | null) =>
    id === null ? undefined : nodes.find((n) => n.level === level && n.id === id);
  if (node.level === 'floor') {
    const building = find('building', node.parentId);
    return building ? [building.name, node.name] : [node.name];
  }
  if (node.level === 'zone') {
    const floor = find('floor', node.parentId);
    const building = floor ? find('building', floor.parentId) : undefined;
    return [building?.name, floor?.name, node.name].filter((n) => n !== undefined);
  }
  return [node.name];
}

/**
 * A bill's file name, the same for one download, the zip's entries, the server's answer and e-mail
 * attachments: `bill_<building>_<floor>_<month>.pdf` (names made safe for file systems; a part that is empty
 * once made safe becomes `<level><id>`).
 */
export function billFileName(
  node: Pick<BillNode, 'level' | 'id'>,
  names: readonly string[],
  month: string,
  format: 'pdf' | 'xlsx',
): string {
  const parts = names.map(sanitizeFilePart).filter((p) => p !== '');
  if (parts.length === 0) parts.push(`${node.level}${node.id}`);
  return `bill_${parts.join('_')}_${month}.${format}`;
}
