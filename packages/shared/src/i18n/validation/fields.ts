import { accountsFieldsEn, accountsFieldsZh } from './fields-accounts.js';
import { commonFieldsEn, commonFieldsZh } from './fields-common.js';
import { systemFieldsEn, systemFieldsZh } from './fields-system.js';
import { placesFieldsEn, placesFieldsZh } from './fields-places.js';
import { devicesFieldsEn, devicesFieldsZh } from './fields-devices.js';
import { scenesFieldsEn, scenesFieldsZh } from './fields-scenes.js';
import { alertsFieldsEn, alertsFieldsZh } from './fields-alerts.js';
import { automationFieldsEn, automationFieldsZh } from './fields-automation.js';
import { ssoFieldsEn, ssoFieldsZh } from './fields-sso.js';
import { energyFieldsEn, energyFieldsZh } from './fields-energy.js';
import { requestsFieldsEn, requestsFieldsZh } from './fields-requests.js';
import { workOrdersFieldsEn, workOrdersFieldsZh } from './fields-work-orders.js';

/** Each area's labels in both languages; a key belongs to one area only (validation.test.ts checks it). */
export const FIELD_LABEL_AREAS = {
  accounts: { en: accountsFieldsEn, zh: accountsFieldsZh },
  common: { en: commonFieldsEn, zh: commonFieldsZh },
  system: { en: systemFieldsEn, zh: systemFieldsZh },
  places: { en: placesFieldsEn, zh: placesFieldsZh },
  devices: { en: devicesFieldsEn, zh: devicesFieldsZh },
  scenes: { en: scenesFieldsEn, zh: scenesFieldsZh },
  alerts: { en: alertsFieldsEn, zh: alertsFieldsZh },
  automation: { en: automationFieldsEn, zh: automationFieldsZh },
  sso: { en: ssoFieldsEn, zh: ssoFieldsZh },
  energy: { en: energyFieldsEn, zh: energyFieldsZh },
  requests: { en: requestsFieldsEn, zh: requestsFieldsZh },
  workOrders: { en: workOrdersFieldsEn, zh: workOrdersFieldsZh },
} as const;

/** Labels of the fields that schemas validate, for `{data}` in messages. */
export const fieldsEn = {
  ...accountsFieldsEn,
  ...commonFieldsEn,
  ...systemFieldsEn,
  ...placesFieldsEn,
  ...devicesFieldsEn,
  ...scenesFieldsEn,
  ...alertsFieldsEn,
  ...automationFieldsEn,
  ...ssoFieldsEn,
  ...energyFieldsEn,
  ...requestsFieldsEn,
  ...workOrdersFieldsEn,
} as const;

export type FieldKey = keyof typeof fieldsEn;

export const fieldsZh: Record<FieldKey, string> = {
  ...accountsFieldsZh,
  ...commonFieldsZh,
  ...systemFieldsZh,
  ...placesFieldsZh,
  ...devicesFieldsZh,
  ...scenesFieldsZh,
  ...alertsFieldsZh,
  ...automationFieldsZh,
  ...ssoFieldsZh,
  ...energyFieldsZh,
  ...requestsFieldsZh,
  ...workOrdersFieldsZh,
};
