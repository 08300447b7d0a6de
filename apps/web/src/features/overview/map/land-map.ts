import { ScatterChart } from 'echarts/charts';
import { GeoComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
// Natural Earth 1:110m land (public domain), through world-atlas 2.0.2 (ISC): see this folder's README.
import land from './land-110m.json?raw';

/*
 * The overview's map works offline: the boundaries are bundled (no tiles, no CDN), drawn by ECharts' geo
 * component with the buildings as a scatter series on it. Only the overview's lazy chunk imports this module,
 * so neither the login page nor the other boards load the map.
 */
echarts.use([GeoComponent, ScatterChart, LabelLayout]);

/** The registered map's name (geo.map). */
export const LAND_MAP = 'sb-land';

echarts.registerMap(LAND_MAP, land);
