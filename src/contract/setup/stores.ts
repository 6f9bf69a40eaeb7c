import { z } from 'zod';
import { code, endTimeOfDay, inputSchemas, optionalText, requiredText, rowMeta, timeOfDay, timeZone } from './fields';

export const STORE_VARIANTS = ['FAMS', 'FAMS24'] as const;
export type StoreVariant = (typeof STORE_VARIANTS)[number];

/** Index = `Date.getDay()` in the store's time zone: 0 is Sunday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One day's opening hours; `close` may be `24:00`. */
export const OpeningSlot = z
  .strictObject({ open: timeOfDay, close: endTimeOfDay })
  .refine((s) => s.open < s.close, { message: 'Closing time must be after opening time', path: ['close'] });

/** Seven entries (Sunday first); null = closed that day. The whole field null = always open. */
export const OpeningHours = z.array(OpeningSlot.nullable()).length(7, 'Give all seven days (Sunday first)');
export type OpeningHours = z.infer<typeof OpeningHours>;

/** Coordinates as stores and customer sites take them. */
export const latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Between -90 and 90')
  .max(90, 'Between -90 and 90');
export const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Between -180 and 180')
  .max(180, 'Between -180 and 180');

export const StoreFields = z.strictObject({
  code: code(),
  name: requiredText('Name', 120),
  variant: z.enum(STORE_VARIANTS, { error: 'Choose FAMS or FAMS24' }),
  address: optionalText(300),
  latitude: latitude.nullish().transform((v) => v ?? null),
  longitude: longitude.nullish().transform((v) => v ?? null),
  timezone: timeZone,
  openingHours: OpeningHours.nullish().transform((v) => v ?? null),
});

export const { create: StoreCreate, update: StoreUpdate } = inputSchemas(StoreFields, (v, ctx) => {
  if ((v.latitude === null) !== (v.longitude === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.latitude === null ? 'latitude' : 'longitude'],
      message: 'Give both latitude and longitude, or neither',
    });
  }
});
export type StoreCreate = z.input<typeof StoreCreate>;
export type StoreUpdate = z.input<typeof StoreUpdate>;

export const StoreRow = z.object({
  ...rowMeta,
  code: z.string(),
  name: z.string(),
  variant: z.enum(STORE_VARIANTS),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
  openingHours: z.array(z.object({ open: z.string(), close: z.string() }).nullable()).nullable(),
});
export type Store = z.infer<typeof StoreRow>;
