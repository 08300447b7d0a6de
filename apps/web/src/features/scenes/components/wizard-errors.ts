import { validationMessage } from '@/lib/form-rules';
import type { WizardIssue } from './wizard-values';

/** The messages shown, by form place ('name', 'conditions.0.value', 'actions', ...). */
export type WizardErrors = Readonly<Record<string, string>>;

/** The field whose label names a place: its last non-index segment. */
function fieldOf(key: string): string {
  if (key === 'timeRangeStart') return 'start';
  if (key === 'timeRangeEnd') return 'end';
  const segments = key.split('.').filter((s) => !/^\d+$/.test(s));
  const last = segments.at(-1) ?? key;
  return last === 'low' || last === 'high' ? 'value' : last;
}

/** The shared validation messages (spec section 5's own words for its rules) for a step's issues. */
export function errorsOf(issues: readonly WizardIssue[]): WizardErrors {
  return Object.fromEntries(issues.map((i) => [i.key, validationMessage(i.message, fieldOf(i.key))]));
}

/** Spread into a Form.Item: its error, if any. */
export function errorProps(errors: WizardErrors, key: string) {
  const message = errors[key];
  return message ? { validateStatus: 'error' as const, help: message } : {};
}
