/**
 * ADR 076: every fill for equipment with a meter carries its reading. Pure and free of zod (the field
 * form's first download, ADR 017): the device judges with its cached reference data, the server with
 * its own, in the same words.
 */

export type MeterUnit = 'km' | 'hours';

/**
 * What a device's form asked for when the record was saved (`DispenseInput.meterAsked`): a reading in
 * km or hours, or none because its setup said the equipment has no meter. Records saved by app
 * versions before ADR 076 do not say.
 */
export const METER_ASKED = ['km', 'hours', 'none'] as const;
export type MeterAsked = (typeof METER_ASKED)[number];

/** The exception a stored fill raises when its equipment has a meter and no reading came (ADR 076). */
export const NO_METER_READING = 'no_meter_reading';

/** The equipment as the rule needs it: its effective meter unit and whether a meter is fitted. */
export interface MeterOf {
  meterType: MeterUnit | null;
  /** false = no meter fitted; absent or null (a cache from before ADR 076): fitted. */
  hasMeter?: boolean | null;
}

/** The reading a fill for this equipment must carry: its unit, or null when it has no meter. */
export function meterToRead(eq: MeterOf): MeterUnit | null {
  if (eq.hasMeter === false) return null;
  // No unit known (never from the server's reference: a type is required otherwise): the odometer, as the form says.
  return eq.meterType ?? 'km';
}

/** The form's words for the reading's field: "Odometer (km)", "Hours". */
export const meterFieldLabel = (unit: MeterUnit | null) => (unit === 'hours' ? 'Hours' : 'Odometer (km)');

/** The field message of a fill without its reading. */
export const missingMeterMessage = (unit: MeterUnit) =>
  unit === 'hours' ? 'Enter the hour meter reading (hours)' : 'Enter the odometer reading (km)';

/**
 * The rule on one fill: null when it holds (no meter, or a reading given), else the unit whose
 * reading is missing and the field message. Plausibility (a reading below the last known, a jump
 * over the FAMS24 rule's) stays with `dispenseWarnings`: such a reading is stored and raised.
 */
export function missingMeter(eq: MeterOf, meter: number | null): { unit: MeterUnit; message: string } | null {
  const unit = meterToRead(eq);
  if (unit === null || meter !== null) return null;
  return { unit, message: missingMeterMessage(unit) };
}

/** The `no_meter_reading` exception's message. */
export const noMeterReadingMessage = (unit: MeterUnit) =>
  `No meter reading: the equipment has ${unit === 'hours' ? 'an hour meter' : 'an odometer (km)'}`;

/** What the device writes into `meterAsked` for this equipment. */
export const meterAskedFor = (eq: MeterOf): MeterAsked => meterToRead(eq) ?? 'none';

/**
 * The server's verdict on a fill without a reading for equipment that has a meter (`missingMeter`):
 * - `refuse` — the record says its device asked for the reading (`meterAsked` km or hours): the
 *   device applied the rule and the record breaks it (only a broken or foreign client sends that),
 *   so it is refused with the field message, as the form refuses it;
 * - `raise` — the record was saved by an app from before ADR 076 (no `meterAsked`), by a client that
 *   does not apply the rule (imports of history, the FAMS24 controllers, corrections of such a
 *   record), or on a device whose cached setup said the equipment has no meter (`meterAsked: 'none'`,
 *   the setup changed since): the fill happened and is stored, with the `no_meter_reading` exception.
 * A record already saved on a device is never made unsendable by the rule.
 */
export function missingMeterVerdict(
  eq: MeterOf,
  record: { meter: number | null; meterAsked?: MeterAsked | null },
): { action: 'refuse' | 'raise'; unit: MeterUnit; message: string } | null {
  const missing = missingMeter(eq, record.meter);
  if (!missing) return null;
  const asked = record.meterAsked === 'km' || record.meterAsked === 'hours';
  return { action: asked ? 'refuse' : 'raise', ...missing };
}
