import { DEVICE_FAMILIES, IO_FLAG_FIELDS, IO_NUMBER_FIELDS } from '@rumbo/telematics';
import { z } from 'zod';
import { DEVICE_PROTOCOLS, text } from '@rumbo/contracts';

const ioId = z.number().int().min(0).max(65_535);
const decoding = {
  signed: z.boolean().optional(),
  scale: z
    .number()
    .finite()
    .refine((v) => v !== 0, 'scale 0 would erase the value')
    .optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  notAvailable: z.array(z.number().int()).max(32).optional(),
};

/** One IO rule of an override, as the built-in tables of `@rumbo/telematics` define them. */
export const ioRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('number'),
    id: ioId,
    field: z.enum(IO_NUMBER_FIELDS),
    ...decoding,
  }),
  z.strictObject({
    kind: z.literal('flag'),
    id: ioId,
    field: z.enum(IO_FLAG_FIELDS),
    bit: z.number().int().min(0).max(63).optional(),
  }),
  z.strictObject({
    kind: z.literal('driver-text'),
    id: ioId,
    part: z.number().int().min(0).max(7),
  }),
  z.strictObject({ kind: z.literal('driver-ibutton'), id: ioId }),
  z.strictObject({ kind: z.literal('harsh'), id: ioId }),
  z.strictObject({ kind: z.literal('dtc-j1939'), id: ioId }),
  z.strictObject({ kind: z.literal('dtc-text'), id: ioId }),
  z.strictObject({
    kind: z.literal('temperature'),
    id: ioId,
    slot: z.number().int().min(0).max(15),
    ...decoding,
  }),
  z.strictObject({
    kind: z.literal('attribute'),
    id: ioId,
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'letters, digits and _ (an attribute key)'),
    ...decoding,
  }),
]);

/**
 * A model's IO mapping override: rules that replace the base family's rules for the same IO ids
 * and take precedence over the family's other rules for the same field.
 */
export const ioMappingSchema = z.strictObject({
  rules: z
    .array(ioRuleSchema)
    .max(256)
    .refine(
      (rules) =>
        rules.every(
          (r) => !('min' in r) || r.min === undefined || r.max === undefined || r.min <= r.max,
        ),
      'min above max',
    ),
});
export type IoMapping = z.infer<typeof ioMappingSchema>;

export const deviceProtocol = z.enum(DEVICE_PROTOCOLS);

/** PUT body: creates the model or replaces its settings (matched by protocol + name). */
export const deviceModelInput = z.strictObject({
  name: text().trim().min(1).max(64),
  protocol: deviceProtocol.default('teltonika'),
  family: z.enum(DEVICE_FAMILIES).nullable().default(null),
  ioMapping: ioMappingSchema.nullable().default(null),
});
export type DeviceModelInput = z.infer<typeof deviceModelInput>;

export const deviceModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  protocol: deviceProtocol,
  family: z.enum(DEVICE_FAMILIES).nullable(),
  /** The family the table starts from: `family`, else the one the name implies. */
  effectiveFamily: z.enum(DEVICE_FAMILIES),
  ioMapping: ioMappingSchema.nullable(),
  updatedAt: z.string(),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;
