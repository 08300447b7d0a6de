import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogueView,
  COMMAND_METHODS,
  DEVICE_CATEGORIES,
  DEVICE_LABELS,
  deviceCategoryOptionSchema,
  envelopeSchema,
  MODEL_IDS,
  modelsOfCategory,
  type DeviceCategoryOption,
  type Lang,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';

const tags = ['devices'];

/** A field of the catalogue as served (types.ts DeviceField): every key a kind of value may carry. */
const catalogueFieldSchema = z.object({
  name: z.string(),
  required: z.boolean(),
  kind: z.enum(['text', 'int', 'decimal', 'enum', 'boolean', 'serverAddr', 'mac', 'code12', 'deviceRef']),
  unit: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  message: z.string().optional(),
  values: z.array(z.string()).readonly().optional(),
  refused: z
    .array(z.object({ value: z.string(), message: z.string() }))
    .readonly()
    .optional(),
  category: z.enum(DEVICE_CATEGORIES).optional(),
});

/** GET /sbuilding/common/getDevCatalogue: catalogueView() as JSON. */
const catalogueViewSchema = z.object({
  categories: z
    .array(
      z.object({
        id: z.enum(DEVICE_CATEGORIES),
        labelKey: z.string(),
        models: z.array(z.enum(MODEL_IDS)).readonly(),
      }),
    )
    .readonly(),
  models: z
    .array(
      z.object({
        id: z.enum(MODEL_IDS),
        category: z.enum(DEVICE_CATEGORIES),
        labelKey: z.string(),
        identity: z.array(z.string()).readonly(),
        createFields: z.array(catalogueFieldSchema).readonly(),
        telemetry: z
          .array(z.object({ key: z.string(), unit: z.string(), perChannel: z.boolean().optional() }))
          .readonly(),
        attributes: z.array(catalogueFieldSchema).readonly(),
        commands: z
          .array(
            z.object({ method: z.enum(COMMAND_METHODS), params: z.array(catalogueFieldSchema).readonly() }),
          )
          .readonly(),
      }),
    )
    .readonly(),
});

/** The categories and their models, named in the request's language. */
export function deviceCategoryOptions(lang: Lang): DeviceCategoryOption[] {
  const labels = lang === 'ZH' ? DEVICE_LABELS.zh : DEVICE_LABELS.en;
  return DEVICE_CATEGORIES.map((category) => ({
    category,
    name: labels.categories[category],
    models: modelsOfCategory(category).map((m) => ({ model: m.id, name: labels.models[m.id] })),
  }));
}

/** The device catalogue: the same for every tenant, read by the console and integrators. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sbuilding/common/getDevCategorys',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary: 'Device categories with their models, named in the request language',
        response: { 200: envelopeSchema(z.array(deviceCategoryOptionSchema)), ...errorResponses(403) },
      },
    },
    async (request) => ok(request, deviceCategoryOptions(request.lang)),
  );

  app.get(
    '/sbuilding/common/getDevCatalogue',
    {
      config: { access: { action: 'reference:read' } },
      schema: {
        tags,
        summary:
          'The device catalogue: every model with its create fields, telemetry, attributes and commands (labels via labelKey)',
        response: { 200: envelopeSchema(catalogueViewSchema), ...errorResponses(403) },
      },
    },
    async (request) => ok(request, catalogueView()),
  );
};
