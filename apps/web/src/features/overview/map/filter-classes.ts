import type {
  ExpressionSpecification,
  FilterSpecification,
  LegacyFilterSpecification,
} from '@maplibre/maplibre-gl-style-spec';

/*
 * What a layer's filter says about the `class` of the features it draws (OpenMapTiles' transportation and
 * Mapbox Streets' road both keep the road or rail kind there), and how to narrow a filter to some classes. Only
 * types are imported from maplibre-gl: the dark rules stay a pure function that runs without WebGL.
 */

/** Stands for every class this module does not name: a filter on `class == "minor"` admits OTHER. */
export const OTHER = '*other*';

/**
 * The classes (of `known`, or OTHER) a feature drawn by this filter may have, or null when the filter says
 * nothing clear about `class`. A guess may admit too much, never too little: a filter this does not read is
 * null (every class), and the narrowing clause added to each part keeps the drawing right either way.
 */
export function admittedClasses(filter: unknown, known: ReadonlySet<string>): Set<string> | null {
  if (!Array.isArray(filter) || filter.length === 0) return null;
  const items: unknown[] = filter;
  const [op, ...args] = items;
  const all = () => new Set([...known, OTHER]);
  const named = (values: unknown[]) => {
    const out = new Set<string>();
    for (const v of values) if (typeof v === 'string') out.add(known.has(v) ? v : OTHER);
    return out;
  };
  const not = (s: Set<string>) => {
    // "not motorway" still admits every unnamed class: OTHER stays in.
    const out = all();
    for (const v of s) if (v !== OTHER) out.delete(v);
    return out;
  };
  const isClass = (a: unknown) => a === 'class' || (Array.isArray(a) && a[0] === 'get' && a[1] === 'class');
  const values = (a: unknown): unknown[] | null => {
    if (typeof a === 'string') return [a];
    if (!Array.isArray(a) || a[0] !== 'literal') return null;
    const list: unknown = a[1];
    return Array.isArray(list) ? list : null;
  };

  switch (op) {
    case '==':
    case '!=': {
      if (args.length !== 2 || !isClass(args[0])) return null;
      const v = values(args[1]);
      if (!v || v.length !== 1) return null;
      return op === '==' ? named(v) : not(named(v));
    }
    case 'in':
    case '!in': {
      if (!isClass(args[0])) return null;
      // Legacy ["in", "class", a, b] or expression ["in", ["get", "class"], ["literal", [a, b]]].
      const v = typeof args[0] === 'string' ? args.slice(1) : values(args[1]);
      if (!v) return null;
      return op === 'in' ? named(v) : not(named(v));
    }
    case 'match': {
      // ["match", ["get", "class"], labels, output, ..., fallback] with boolean outputs.
      if (!isClass(args[0]) || args.length < 4 || args.length % 2 !== 0) return null;
      const out = new Set<string>();
      const fallback = args.at(-1);
      if (typeof fallback !== 'boolean') return null;
      const labelled = new Set<string>();
      for (let i = 1; i < args.length - 1; i += 2) {
        const label: unknown = args[i];
        const labels: unknown[] = Array.isArray(label) ? label : [label];
        const output = args[i + 1];
        if (typeof output !== 'boolean') return null;
        for (const l of labels) {
          if (typeof l !== 'string') continue;
          labelled.add(l);
          if (output) out.add(known.has(l) ? l : OTHER);
        }
      }
      if (fallback) for (const k of [...known, OTHER]) if (!labelled.has(k)) out.add(k);
      return out;
    }
    case 'all': {
      let out: Set<string> | null = null;
      for (const sub of args) {
        const s = admittedClasses(sub, known);
        if (!s) continue;
        if (out === null) out = s;
        else for (const c of out) if (!s.has(c)) out.delete(c);
      }
      return out;
    }
    case 'any': {
      const out = new Set<string>();
      for (const sub of args) {
        const s = admittedClasses(sub, known);
        if (!s) return null;
        for (const c of s) out.add(c);
      }
      return out;
    }
    default:
      return null;
  }
}

/**
 * Whether a filter is in the legacy syntax (["==", "class", "rail"]): it can only be combined with legacy
 * clauses, an expression beside it would read "class" as a string. The same test as the style
 * specification's isExpressionFilter.
 */
export function isLegacyFilter(filter: FilterSpecification): filter is LegacyFilterSpecification {
  return legacy(filter);
}

function legacy(filter: unknown): boolean {
  if (filter === true || filter === false) return false;
  if (!Array.isArray(filter) || filter.length === 0) return true;
  const f: unknown[] = filter;
  switch (f[0]) {
    case 'has':
      return !(f.length >= 2 && f[1] !== '$id' && f[1] !== '$type');
    case 'in':
      return !(f.length >= 3 && (typeof f[1] !== 'string' || Array.isArray(f[2])));
    case '!in':
    case '!has':
    case 'none':
      return true;
    case '==':
    case '!=':
    case '>':
    case '>=':
    case '<':
    case '<=':
      return !(f.length !== 3 || Array.isArray(f[1]) || Array.isArray(f[2]));
    case 'any':
    case 'all':
      return f.slice(1).some((sub) => typeof sub !== 'boolean' && legacy(sub));
    default:
      return false;
  }
}

/**
 * The layer's filter narrowed to features whose class is (or, with `negate`, is not) one of `classes`, in the
 * filter's own syntax.
 */
export function withClassClause(
  filter: FilterSpecification | undefined,
  classes: readonly string[],
  negate: boolean,
): FilterSpecification {
  if (filter !== undefined && isLegacyFilter(filter)) {
    const clause: LegacyFilterSpecification = [negate ? '!in' : 'in', 'class', ...classes];
    return ['all', filter, clause];
  }
  const clause: ExpressionSpecification = ['match', ['get', 'class'], [...classes], !negate, negate];
  return filter === undefined ? clause : ['all', filter, clause];
}
