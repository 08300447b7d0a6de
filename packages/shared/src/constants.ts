/** Business constants and limits of spec section 9 (and the few of sections 1-2 the code needs). */

/** The app version shown to the user (spec section 1). */
export const APP_VERSION = '2.1.1';

/** Request timeout of the console's request client, in ms. */
export const HTTP_TIMEOUT_MS = 10_000;
/** The socket sends a `report` message this often. */
export const SOCKET_REPORT_INTERVAL_MS = 55_000;
/** Devices are subscribed over the socket in batches of this size. */
export const SOCKET_SUBSCRIBE_BATCH = 30;
/** The navbar's project list is fetched once with these. */
export const PROJECT_LIST_FETCH = { pageNum: 1, pageSize: 100 } as const;

export const PAGINATION = {
  page: 1,
  limit: 20,
  pageSizes: [10, 20, 30, 50],
  layout: 'total, sizes, prev, pager, next, jumper',
  /** After paging, the list scrolls to the top over this many ms. */
  scrollToTopMs: 800,
} as const;

export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH = '14.5%';
export const TAG_SCROLL_PADDING_PX = 4;

export const PASSWORD_LENGTH = { min: 6, max: 20 } as const;
export const DEVICE_CODE_LENGTH = 12;
/** Brightness and dimming parameters range. */
export const BYTE_RANGE = { min: 0, max: 255 } as const;

/** Header search (Fuse.js) options. */
export const ROUTE_SEARCH = {
  threshold: 0.4,
  titleWeight: 0.7,
  pathWeight: 0.3,
  maxPatternLength: 32,
} as const;

export const THEME = {
  /** Default colour in the settings panel. */
  defaultColor: '#409EFF',
  /** Colour applied at startup before the user picks one (the spec's second reading). */
  startupColor: '#0082ff',
  presets: ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'],
} as const;

export const UI_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof UI_SIZES)[number];
export const DEFAULT_UI_SIZE: UiSize = 'medium';

export const LAYOUT_DEFAULTS = {
  theme: THEME.startupColor,
  showSettings: false,
  tagsView: false,
  fixedHeader: false,
  sidebarLogo: true,
} as const;
export const ERROR_LOG_SETTING = 'production';
/** Loading overlay background: 30% black. */
export const LOADING_BACKGROUND = 'rgba(0, 0, 0, 0.3)';

export const ENERGY_PERIODS = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export const AIR_BANDS = ['Good', 'Moderate', 'Unhealthy'] as const;
export const AIR_READINGS = ['co2', 'ch2o', 'temperature', 'humidity'] as const;
export const HVAC_MODES = ['auto', 'cool', 'hot', 'wet', 'wind'] as const;
export const FAN_SPEEDS = ['auto', 'low', 'mid', 'high'] as const;
export const THERMOSTAT_MODES = ['auto', 'hot', 'cool', 'wet', 'wind', 'energy', 'sleep'] as const;
export const CONDITION_OPERATORS = ['greater', 'less', 'equal', 'notEqual', 'within', 'notWithin'] as const;
export const AMMETER_CHANNELS = 4;

/** Local storage keys (spec section 3). */
export const STORAGE_KEYS = {
  deptId: 'deptId',
  userId: 'userId',
  projectId: 'projectId',
  selectHall: 'selectHall',
  miniprogram: 'miniprogram',
} as const;

/** Cookies (spec section 3). */
export const COOKIE_KEYS = { token: 'Admin-Token', sidebarStatus: 'sidebarStatus', size: 'size' } as const;

/** Request languages carried in the `Lang` header. */
export const LANGS = ['EN', 'ZH'] as const;
export type Lang = (typeof LANGS)[number];
