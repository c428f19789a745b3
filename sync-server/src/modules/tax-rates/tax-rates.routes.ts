import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TaxRate, TaxRateCreateBody, TaxRateUpdateBody } from '@smb/shared-types';
import { deleted, routesFor } from '../../http';
import * as taxRates from './tax-rates.service';

/** Reads for every signed-in user (the editors offer the rates); writes for administrators. */
const taxRateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['tax-rates'];
  const route = routesFor(app, tags);

  app.get('/', route.single(Type.Array(TaxRate)), async (request) =>
    taxRates.listTaxRates(request.auth),
  );

  app.get('/:id', route.get(TaxRate), async (request) =>
    taxRates.getTaxRate(request.auth, request.params.id),
  );

  app.post('/', route.create(TaxRateCreateBody, TaxRate, { admin: true }), async (request, reply) =>
    reply.status(201).send(await taxRates.createTaxRate(request.auth, request.body)),
  );

  app.put('/:id', route.put(TaxRateUpdateBody, TaxRate, { admin: true }), async (request) =>
    taxRates.updateTaxRate(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    route.delete({
      admin: true,
      description: 'Documents keep the rate and category their lines were written with.',
    }),
    async (request) => {
      await taxRates.deleteTaxRate(request.auth, request.params.id);
      return deleted('Tax rate deleted');
    },
  );
};

export default taxRateRoutes;
