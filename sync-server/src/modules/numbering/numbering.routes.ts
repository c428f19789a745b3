import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NumberingSettings, NumberingUpdateBody } from '@smb/shared-types';
import { routesFor } from '../../http';
import * as numbering from './numbering.service';

/** Document numbering patterns (Settings → General, administrators), under /api/numbering. */
const numberingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const route = routesFor(app, ['numbering']);

  app.get(
    '/',
    route.single(NumberingSettings, {
      admin: true,
      description:
        'The numbering pattern of each document type (null: the default Q-0001, SO-0001, INV-0001), the last numbers of the periods it could count in today, and the next number (admin)',
    }),
    async (request) => numbering.numberingSettings(request.auth),
  );

  app.put(
    '/',
    route.single(NumberingSettings, {
      admin: true,
      body: NumberingUpdateBody,
      description:
        'Sets the patterns given, e.g. {"invoice": "INV-{YYYY}-{0000}"} ({YYYY}, {YY}, {MM}, and the running number as {0000}; a pattern with the year counts per year, with the month per month). An empty string or null goes back to the default. Existing documents keep their numbers (admin).',
    }),
    async (request) => numbering.updateNumbering(request.auth, request.body),
  );
};

export default numberingRoutes;
