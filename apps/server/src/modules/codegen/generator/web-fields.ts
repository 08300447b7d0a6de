import { GEN_DICT_HTML_TYPES } from '@sbuilding/shared';
import type { Field, Model } from './model.js';

/** What the console templates ask of a table's fields. */

export const feature = (m: Model) => `apps/web/src/features/${m.module}`;
/** A text column shown as checkboxes: the form holds the chosen values, the row their comma-joined text. */
export const isCheckboxGroup = (f: Field) => f.kind === 'text' && f.column.htmlType === 'checkbox';
export const rawInForm = (f: Field) => f.kind === 'timestamp' || isCheckboxGroup(f);
export const usesDict = (f: Field) =>
  GEN_DICT_HTML_TYPES.includes(f.column.htmlType) && f.column.dictType !== '';
