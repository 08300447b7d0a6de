import { DEVICE_MODELS } from './models.js';
import {
  DEVICE_CATEGORIES,
  MODEL_IDS,
  type DeviceCategory,
  type DeviceModel,
  type ModelId,
} from './types.js';

export function isModelId(value: string): value is ModelId {
  return MODEL_IDS.some((id) => id === value);
}

export function isDeviceCategory(value: string): value is DeviceCategory {
  return DEVICE_CATEGORIES.some((c) => c === value);
}

export function modelsOfCategory(category: DeviceCategory): DeviceModel[] {
  return MODEL_IDS.map((id) => DEVICE_MODELS[id]).filter((m) => m.category === category);
}

/** Label keys point into DEVICE_LABELS (and FIELD_LABELS for fields), so integrators can translate too. */
export interface DeviceCatalogueView {
  readonly categories: readonly { id: DeviceCategory; labelKey: string; models: readonly ModelId[] }[];
  readonly models: readonly (DeviceModel & { labelKey: string })[];
}

/**
 * The catalogue as plain JSON (GET /sbuilding/common/getDevCatalogue): the model table is data only
 * (no functions, no schemas), so the console and integrators see exactly what the server checks.
 * It shares the table's arrays, hence the readonly types.
 */
export function catalogueView(): DeviceCatalogueView {
  const models = MODEL_IDS.map((id) => DEVICE_MODELS[id]);
  return {
    categories: DEVICE_CATEGORIES.map((id) => ({
      id,
      labelKey: `categories.${id}`,
      models: models.filter((m) => m.category === id).map((m) => m.id),
    })),
    models: models.map((m) => ({ ...m, labelKey: `models.${m.id}` })),
  };
}
