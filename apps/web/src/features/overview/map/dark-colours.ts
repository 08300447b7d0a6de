/**
 * The dark map's colours (spec section 9), shared by the bundled offline map and the vector-tile map: deep
 * sea, muted land, pale labels.
 */
export const DARK_MAP = {
  sea: '#0b1a2e',
  land: '#17324f',
  border: '#2f5d8c',
  text: '#e6f4ff',
  labelBackground: 'rgba(0, 21, 41, 0.85)',
  /** Parks, woods, land use: a shade off the land. */
  landcover: '#1a3858',
  building: '#22466c',
  road: '#2b5480',
  roadMajor: '#3d6c9e',
  roadCasing: '#10243d',
  /** Other lines (aeroways, ferries, paths drawn by the style). */
  line: '#24466b',
  waterText: '#8fb8e0',
} as const;
