import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emissionFactorBodySchema,
  emissionFactorSchema,
  energyProjectQuerySchema,
  envelopeSchema,
  idParamsSchema,
  tariffCreateBodySchema,
  tariffDayQuerySchema,
  tariffDaySchema,
  tariffSchema,
  tariffUpdateBodySchema,
} from '@sbuilding/shared';
import { ok } from '../../platform/envelope.js';
import { errorResponses } from '../../platform/openapi.js';
import type { PricedCaches } from './priced-caches.js';
import {
  createTariff,
  deleteFactor,
  deleteTariff,
  listFactors,
  listTariffs,
  putFactor,
  tariffDay,
  updateTariff,
} from './tariffs.js';

const tags = ['energy'];

/**
 * Tariff plans and emission factors (issue 22); writing one forgets every priced answer and wakes the split
 * warmer (warm-splits.ts).
 */
export const tariffRoutes: FastifyPluginAsyncZod<{ caches: PricedCaches }> = async (app, { caches }) => {
  // Every priced answer goes, and the warmer splits the days again under the new plan or factor.
  const pricingChanged = () => {
    caches.forgetPriced();
    app.splitWarmer.wake();
  };

  app.get(
    '/sbuilding/energy/tariff/list',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A project's dated tariff plans, oldest first (each applies until the next one's date)",
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(tariffSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listTariffs(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/energy/tariff',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary:
          'Creates a tariff plan: flat, tiered by monthly kWh, or time-of-use (five periods by hour, per season, working and rest days)',
        body: tariffCreateBodySchema,
        response: { 200: envelopeSchema(tariffSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const tariff = await createTariff(app.db, request.scope(), request.body);
      pricingChanged();
      return ok(request, tariff);
    },
  );

  app.put(
    '/sbuilding/energy/tariff',
    {
      config: { access: { action: 'projects:write', fields: { id: 'tariff' } } },
      schema: {
        tags,
        summary: 'Updates a tariff plan',
        body: tariffUpdateBodySchema,
        response: { 200: envelopeSchema(tariffSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const tariff = await updateTariff(app.db, request.scope(), request.body);
      pricingChanged();
      return ok(request, tariff);
    },
  );

  app.delete(
    '/sbuilding/energy/tariff/:id',
    {
      config: { access: { action: 'projects:write', on: 'tariff' } },
      schema: {
        tags,
        summary: 'Deletes a tariff plan (the one before it then applies until the next)',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteTariff(app.db, request.scope(), request.params.id);
      pricingChanged();
      return ok(request, null);
    },
  );

  app.get(
    '/sbuilding/energy/tariff/day',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary:
          "One local day under the project's tariff: the plan in force, whether the calendar makes it a working day, each hour's period and price",
        querystring: tariffDayQuerySchema,
        response: { 200: envelopeSchema(tariffDaySchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await tariffDay(app.db, request.scope(), request.query.projectId, request.query.date)),
  );

  app.get(
    '/sbuilding/energy/emission/list',
    {
      config: { access: { action: 'projects:read' } },
      schema: {
        tags,
        summary: "A project's dated grid emission factors (kgCO2e/kWh), oldest first",
        querystring: energyProjectQuerySchema,
        response: { 200: envelopeSchema(z.array(emissionFactorSchema)), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => ok(request, await listFactors(app.db, request.scope(), request.query.projectId)),
  );

  app.post(
    '/sbuilding/energy/emission',
    {
      config: { access: { action: 'projects:write' } },
      schema: {
        tags,
        summary: 'Sets the grid emission factor valid from a date (replaces the one of that date)',
        body: emissionFactorBodySchema,
        response: { 200: envelopeSchema(emissionFactorSchema), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      const factor = await putFactor(app.db, request.scope(), request.body);
      pricingChanged();
      return ok(request, factor);
    },
  );

  app.delete(
    '/sbuilding/energy/emission/:id',
    {
      config: { access: { action: 'projects:write', on: 'emission' } },
      schema: {
        tags,
        summary: 'Deletes an emission factor',
        params: idParamsSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      await deleteFactor(app.db, request.scope(), request.params.id);
      pricingChanged();
      return ok(request, null);
    },
  );
};
