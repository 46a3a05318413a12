import { z } from 'zod';
import { id, idParam, multilineText, text } from './fields.js';
import {
  findSelfIntersection,
  ringArea2,
  ringIsClosed,
  withoutRepeats,
  type LngLat,
} from './geometry.js';

// Geofences and points of interest (issue 12). Spec §3 names the fields (Geofence: id, name,
// recordedat, geom, attributes, accessType, autoAsign; Point of interest: idInterestPoint,
// idInterestPointType, nombre, idUsuario, idCliente, descripcion, radio, recordedat, geom,
// deleted), decisions.md ("Analysis, alerts and zones") the `save` payload and the `get_all`
// answer; the rest is Rumbo's (docs/decisions/0020-geofences.md). Messages of refusals are keys
// of `validation.rule`, worded by the server (and the web app) in the user's language.

/** Limits a geofence's geometry must respect (decision 0020). */
export const GEOFENCE_LIMITS = {
  /** Positions of a polygon (all rings) or a corridor's line. */
  maxVertices: 5_000,
  /** A circle's radius, metres. */
  minRadius: 10,
  maxRadius: 50_000,
  /** A corridor's total width (half on each side of the line), metres. */
  minWidth: 10,
  maxWidth: 10_000,
  /** A zone's speed limit, km/h. */
  minSpeedLimit: 5,
  maxSpeedLimit: 200,
  /** A POI's radius, metres. */
  minPoiRadius: 5,
  maxPoiRadius: 5_000,
  /** Free attributes of one geofence. */
  maxAttributes: 50,
} as const;

/** `allowed`: the vehicles belong there; `forbidden`: they must not enter; `none`: just a place. */
export const ACCESS_TYPES = ['allowed', 'forbidden', 'none'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];

/** Colour of a zone on the map. */
export const DEFAULT_GEOFENCE_COLOR = '#1e88e5';

const longitude = () => z.number().min(-180, 'lng_range').max(180, 'lng_range');
const latitude = () => z.number().min(-90, 'lat_range').max(90, 'lat_range');

/** A GeoJSON position `[lng, lat]` (an altitude, as KML exports carry, is dropped). */
export const lngLatInput = z
  .tuple([longitude(), latitude()], z.number())
  .transform(([lng, lat]): LngLat => [lng, lat]);

const pointInput = z.strictObject({
  type: z.literal('Point'),
  coordinates: lngLatInput,
  bbox: z.array(z.number()).optional(),
});
const lineStringInput = z.strictObject({
  type: z.literal('LineString'),
  coordinates: z.array(lngLatInput).min(2).max(GEOFENCE_LIMITS.maxVertices, 'too_many_vertices'),
  bbox: z.array(z.number()).optional(),
});
const polygonInput = z.strictObject({
  type: z.literal('Polygon'),
  coordinates: z
    .array(z.array(lngLatInput).max(GEOFENCE_LIMITS.maxVertices + 1, 'too_many_vertices'))
    .min(1)
    .max(100),
  bbox: z.array(z.number()).optional(),
});

/** The geometry of `save`: a polygon, a corridor's line, or a circle's centre. */
export const geofenceGeometryInput = z.discriminatedUnion('type', [
  polygonInput,
  lineStringInput,
  pointInput,
]);

/** A free attribute's value. */
const attributeValue = z.union([text().max(500), z.number().finite(), z.boolean(), z.null()]);
const attributeName = text().trim().min(1, 'attribute_name').max(64, 'attribute_name');

/** A zone's own attributes (`get_all_attributes` lists the names in use). */
export const geofenceAttributes = z
  .record(attributeName, attributeValue)
  .refine(
    (value) => Object.keys(value).length <= GEOFENCE_LIMITS.maxAttributes,
    'too_many_attributes',
  );

/** `#rrggbb`, lower-cased. */
export const hexColor = text()
  .regex(/^#[0-9a-fA-F]{6}$/u, 'color_format')
  .transform((value) => value.toLowerCase());

export const geofencePropertiesInput = z.strictObject({
  /** Present: the geofence to update; absent: a new one. */
  id: id().optional(),
  name: text().trim().min(1).max(100),
  accessType: z.enum(ACCESS_TYPES).default('none'),
  /** True: applies to every vehicle of the tenant, those added later included. */
  autoAsign: z.boolean().default(false),
  /** Rumbo's (issue 22): entering and leaving it raise alerts (`AZA`, `SDZ`); default false. */
  notify: z.boolean().default(false),
  /** km/h; null or absent: no limit of its own. */
  speedLimit: z
    .number()
    .int()
    .min(GEOFENCE_LIMITS.minSpeedLimit)
    .max(GEOFENCE_LIMITS.maxSpeedLimit)
    .nullish()
    .transform((value) => value ?? null),
  attributes: geofenceAttributes.default({}),
  color: hexColor.default(DEFAULT_GEOFENCE_COLOR),
  vehicles: z.array(id()).max(20_000).default([]),
  groups: z.array(id()).max(1_000).default([]),
  /** A corridor's total width, metres (LineString only; ignored otherwise). */
  width: z
    .number()
    .min(GEOFENCE_LIMITS.minWidth, 'width_range')
    .max(GEOFENCE_LIMITS.maxWidth, 'width_range')
    .nullish(),
  /** A circle's radius, metres (Point only; ignored otherwise). */
  radius: z
    .number()
    .min(GEOFENCE_LIMITS.minRadius, 'radius_range')
    .max(GEOFENCE_LIMITS.maxRadius, 'radius_range')
    .nullish(),
});

/**
 * `POST /v2/geofence/save`: one GeoJSON Feature (decisions.md). Checked here, so the server
 * refuses before writing and the web app before sending: closed rings of at least three distinct
 * positions, no edge crossing another, at most 5,000 positions, a radius for a circle and a
 * width for a corridor within GEOFENCE_LIMITS, coordinates in range. Consecutive repeated
 * positions are dropped; a rectangle is a Polygon.
 */
export const geofenceSaveInput = z
  .strictObject({
    type: z.literal('Feature'),
    id: z.union([z.string(), z.number()]).optional(),
    bbox: z.array(z.number()).optional(),
    geometry: geofenceGeometryInput,
    properties: geofencePropertiesInput,
  })
  .superRefine((feature, ctx) => {
    const { geometry, properties } = feature;
    if (geometry.type === 'Point') {
      if (properties.radius == null) {
        ctx.addIssue({
          code: 'custom',
          message: 'radius_required',
          path: ['properties', 'radius'],
        });
      }
      return;
    }
    if (geometry.type === 'LineString') {
      if (properties.width == null) {
        ctx.addIssue({ code: 'custom', message: 'width_required', path: ['properties', 'width'] });
      }
      if (withoutRepeats(geometry.coordinates).length < 2) {
        ctx.addIssue({
          code: 'custom',
          message: 'line_too_short',
          path: ['geometry', 'coordinates'],
        });
      }
      return;
    }
    let vertices = 0;
    const rings: LngLat[][] = [];
    for (const [index, ring] of geometry.coordinates.entries()) {
      const path = ['geometry', 'coordinates', index];
      vertices += ring.length;
      if (!ringIsClosed(ring)) {
        ctx.addIssue({ code: 'custom', message: 'ring_not_closed', path });
        return;
      }
      const clean = withoutRepeats(ring);
      if (clean.length < 4) {
        ctx.addIssue({ code: 'custom', message: 'ring_too_small', path });
        return;
      }
      rings.push(clean);
    }
    if (vertices > GEOFENCE_LIMITS.maxVertices) {
      ctx.addIssue({
        code: 'custom',
        message: 'too_many_vertices',
        path: ['geometry', 'coordinates'],
      });
      return;
    }
    const crossing = findSelfIntersection(rings);
    if (crossing) {
      ctx.addIssue({
        code: 'custom',
        message: 'self_intersection',
        path: ['geometry', 'coordinates', crossing[0]],
      });
      return;
    }
    const flat = rings.findIndex((ring) => ringArea2(ring) === 0);
    if (flat >= 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'ring_too_small',
        path: ['geometry', 'coordinates', flat],
      });
    }
  })
  .transform((feature) => {
    const { geometry } = feature;
    if (geometry.type === 'Polygon') {
      return {
        ...feature,
        geometry: { ...geometry, coordinates: geometry.coordinates.map(withoutRepeats) },
      };
    }
    if (geometry.type === 'LineString') {
      return {
        ...feature,
        geometry: { ...geometry, coordinates: withoutRepeats(geometry.coordinates) },
      };
    }
    return feature;
  });
export type GeofenceSaveInput = z.input<typeof geofenceSaveInput>;
export type GeofenceSave = z.infer<typeof geofenceSaveInput>;

/** `POST /v2/geofence/delete`: one geofence of the caller's tenant. */
export const geofenceDeleteInput = z.strictObject({ id: id() });

/** A GeoJSON geometry as the server answers it (`[lng, lat]` positions). */
export const geometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  z.object({
    type: z.literal('LineString'),
    coordinates: z.array(z.tuple([z.number(), z.number()])),
  }),
  z.object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
  }),
]);
export type Geometry = z.infer<typeof geometrySchema>;

/** One geofence of `get_all` (and the answer of `save`). */
export const geofenceSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** ISO time of the last save. */
  recordedat: z.string(),
  geom: geometrySchema,
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  accessType: z.enum(ACCESS_TYPES),
  autoAsign: z.boolean(),
  /** Entry and exit raise alerts (issue 22). */
  notify: z.boolean(),
  color: z.string(),
  /** km/h, null: none. */
  speedLimit: z.number().nullable(),
  /** Corridor's total width (m), null for other shapes. */
  width: z.number().nullable(),
  /** Circle's radius (m), null for other shapes. */
  radius: z.number().nullable(),
  vehicles: z.array(z.number()),
  groups: z.array(z.number()),
});
export type Geofence = z.infer<typeof geofenceSchema>;
export const geofenceListAnswer = z.array(geofenceSchema);

/** `POST /v2/geofence/get_all_attributes`: the attribute names the tenant's geofences use, sorted. */
export const geofenceAttributesAnswer = z.array(z.string());

// ---------------------------------------------------------------------------------------------
// Points of interest.

/** Icons a POI type may show (the web app maps each to a symbol). */
export const POI_ICONS = [
  'fuel',
  'depot',
  'client',
  'warehouse',
  'workshop',
  'parking',
  'restaurant',
  'hotel',
  'toll',
  'port',
  'customs',
  'scale',
  'other',
] as const;
export type PoiIcon = (typeof POI_ICONS)[number];

/** The built-in POI types every tenant has (named in the user's language: `interest_point_types`). */
export const BUILT_IN_POI_TYPES = [
  'fuel',
  'depot',
  'client',
  'warehouse',
  'workshop',
  'parking',
  'restaurant',
  'toll',
  'port',
  'other',
] as const satisfies readonly PoiIcon[];

/** `GET /rest/routing/interest_point_type`: a POI type; `code` names a built-in one. */
export const interestPointTypeSchema = z.object({
  idInterestPointType: z.number(),
  nombre: z.string(),
  icono: z.enum(POI_ICONS),
  code: z.string().nullable(),
});
export type InterestPointType = z.infer<typeof interestPointTypeSchema>;

/** `POST /rest/routing/interest_point_type`: a type of the tenant's own. */
export const interestPointTypeCreate = z.strictObject({
  nombre: text().trim().min(1).max(60),
  icono: z.enum(POI_ICONS),
});

/** A POI's position: a GeoJSON Point. */
export const pointGeometryInput = pointInput;

const interestPointFields = {
  idInterestPointType: id().nullable(),
  nombre: text().trim().min(1).max(100),
  descripcion: multilineText().trim().max(1000),
  /** Metres. */
  radio: z
    .number()
    .min(GEOFENCE_LIMITS.minPoiRadius, 'radius_range')
    .max(GEOFENCE_LIMITS.maxPoiRadius, 'radius_range'),
  /** The client the place belongs to (an id of the customer's own systems), optional. */
  idCliente: id().nullable(),
  geom: pointGeometryInput,
};

/** `POST /rest/routing/interest_point`: a new POI of the caller's tenant. */
export const interestPointCreate = z.strictObject({
  idInterestPointType: interestPointFields.idInterestPointType.default(null),
  nombre: interestPointFields.nombre,
  descripcion: interestPointFields.descripcion.default(''),
  radio: interestPointFields.radio.default(100),
  idCliente: interestPointFields.idCliente.default(null),
  geom: interestPointFields.geom,
});
export type InterestPointCreate = z.infer<typeof interestPointCreate>;
export type InterestPointCreateInput = z.input<typeof interestPointCreate>;

/** `PATCH /rest/routing/interest_point/{idInterestPoint}`: the fields to change. */
export const interestPointPatch = z.strictObject({
  idInterestPointType: interestPointFields.idInterestPointType.optional(),
  nombre: interestPointFields.nombre.optional(),
  descripcion: interestPointFields.descripcion.optional(),
  radio: interestPointFields.radio.optional(),
  idCliente: interestPointFields.idCliente.optional(),
  geom: interestPointFields.geom.optional(),
});
export type InterestPointPatch = z.infer<typeof interestPointPatch>;

/** Path of one POI. */
export const interestPointIdParams = z.object({ idInterestPoint: idParam() });

/** `GET /rest/routing/interest_point?deleted=true` also lists the soft-deleted ones. */
export const interestPointQuery = z.object({
  deleted: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** A point of interest (spec §3). */
export const interestPointSchema = z.object({
  idInterestPoint: z.number(),
  idInterestPointType: z.number().nullable(),
  nombre: z.string(),
  /** The user who created it (null when created by the system, e.g. the demo). */
  idUsuario: z.number().nullable(),
  idCliente: z.number().nullable(),
  descripcion: z.string(),
  /** Metres. */
  radio: z.number(),
  /** ISO time of the last change. */
  recordedat: z.string(),
  geom: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  deleted: z.boolean(),
});
export type InterestPoint = z.infer<typeof interestPointSchema>;

/** A zone or POI a trip went through (history's trips answer). */
export const visitedPlaceSchema = z.object({ id: z.number(), name: z.string() });
export type VisitedPlace = z.infer<typeof visitedPlaceSchema>;
