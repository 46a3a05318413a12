import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PLANNED_TRIP_LIMITS,
  earlierTripRouteSchema,
  earlierTripSchema,
  earlierTripsQuery,
  idParams,
  okReply,
  plannedTripDetailSchema,
  plannedTripIdParams,
  plannedTripImportAnswer,
  plannedTripQuery,
  plannedTripSave,
  plannedTripSchema,
  text,
  translations,
} from '@rumbo/contracts';
import { principalOf } from '../../kernel/request-context.js';
import { fixedOffsetMs } from './planned-trips.import.js';
import { readUpload, registerUploads } from '../../kernel/uploads.js';
import { DomainError, STATUS_OF } from '../../lib/errors.js';
import {
  createPlannedTrip,
  earlierTripRoute,
  earlierTripsOf,
  editPlannedTrip,
  importPlannedTrips,
  importRowsMessage,
  plannedTripOf,
  plannedTripsOf,
  removePlannedTrip,
  type PlannedTripsDeps,
} from './planned-trips.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('planned-trips');

/** Every route needs the `trip-travels` view (spec §2: trip loading). */
const view = { config: { view: 'trip-travels' } } as const;

/** `?tz=Europe/Madrid` or `?tz=-03:00`: the zone of times written without an offset (default UTC). */
const importQuery = z.object({
  tz: text()
    .max(64)
    .refine((tz) => {
      if (fixedOffsetMs(tz) !== undefined) return Math.abs(fixedOffsetMs(tz)!) <= 14 * 3_600_000;
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'time_zone')
    .default('UTC'),
});

/** The import's file: multipart field `file`, an .xlsx or a CSV up to 2 MB. */
const IMPORT_UPLOAD = { field: 'file', maxBytes: PLANNED_TRIP_LIMITS.maxImportBytes };

/** `/api/v2/planned-trips…`: planned trips (issue 15, trip loading). */
export function plannedTripRoutes(deps: PlannedTripsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // An import's refused rows and a file that is no spreadsheet answer their own messages.
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (!(error instanceof DomainError)) throw error;
      const reason = error.params.reason;
      if (reason === 'import_rows') {
        void reply.status(400).send({
          error: error.code,
          message: importRowsMessage(request.lang, Number(error.params.count)),
          details: error.details,
        });
        return;
      }
      if (reason === 'not_spreadsheet') {
        void reply.status(STATUS_OF[error.code]).send({
          error: error.code,
          message: translations[request.lang].trips.error.not_spreadsheet,
        });
        return;
      }
      throw error;
    });

    app.get(
      '/planned-trips',
      route(
        view,
        'Planned trips starting in [from, to) (default a week back, a month ahead) with their follow-up',
        z.array(plannedTripSchema),
        { querystring: plannedTripQuery },
      ),
      (request) => plannedTripsOf(deps, principalOf(request).tenantId, request.query),
    );
    app.get(
      '/planned-trips/earlier-trips',
      route(
        view,
        "A vehicle's recent actual trips, to take a route from",
        z.array(earlierTripSchema),
        { querystring: earlierTripsQuery },
      ),
      (request) => earlierTripsOf(deps, principalOf(request).tenantId, request.query.vehicleId),
    );
    app.get(
      '/planned-trips/earlier-trips/:id/route',
      route(
        view,
        "An actual trip's positions as a route ([lng, lat], thinned)",
        earlierTripRouteSchema,
        { params: idParams },
      ),
      (request) => earlierTripRoute(deps, principalOf(request).tenantId, request.params.id),
    );
    app.get(
      '/planned-trips/:id',
      route(
        view,
        'A planned trip with its progress and the track driven so far',
        plannedTripDetailSchema,
        { params: plannedTripIdParams },
      ),
      (request) =>
        plannedTripOf(deps, principalOf(request).tenantId, request.params.id, request.lang),
    );
    app.post(
      '/planned-trips',
      route(
        { ...view, bodyLimit: 2 * 1024 * 1024 },
        'Create a planned trip',
        plannedTripDetailSchema,
        { body: plannedTripSave },
      ),
      (request) => createPlannedTrip(deps, principalOf(request).tenantId, request.body),
    );
    app.put(
      '/planned-trips/:id',
      route(
        { ...view, bodyLimit: 2 * 1024 * 1024 },
        'Replace a planned trip (its follow-up starts again)',
        plannedTripDetailSchema,
        { params: plannedTripIdParams, body: plannedTripSave },
      ),
      (request) =>
        editPlannedTrip(deps, principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/planned-trips/:id',
      route(view, 'Delete a planned trip', okReply, { params: plannedTripIdParams }),
      async (request) => {
        await removePlannedTrip(deps, principalOf(request).tenantId, request.params.id);
        return { ok: true };
      },
    );

    // Only the import takes multipart bodies.
    await app.register(async (plugin) => {
      const upload = plugin.withTypeProvider<ZodTypeProvider>();
      await registerUploads(upload, IMPORT_UPLOAD);
      upload.post(
        '/planned-trips/import',
        route(
          view,
          'Import planned trips from an Excel (.xlsx) or CSV file (multipart field `file`, up to 2 MB): all rows or none; a 400 lists each refused cell (row, field, message)',
          plannedTripImportAnswer,
          { consumes: ['multipart/form-data'], querystring: importQuery },
        ),
        async (request) => {
          if (!request.isMultipart())
            throw new DomainError('unsupported_media_type', { reason: 'not_spreadsheet' });
          const bytes = await readUpload(request, IMPORT_UPLOAD);
          return importPlannedTrips(
            deps,
            principalOf(request).tenantId,
            bytes,
            request.lang,
            request.query.tz,
          );
        },
      );
    });
  };
}
