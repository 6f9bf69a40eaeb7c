import { z } from 'zod';

/**
 * A site controller's configuration (issue 15, docs/controller-config.md): what the controller
 * fetches (`GET /api/v1/controller/config`) and what `/ExportINIFile` writes as an INI file. Tags
 * are SHA-256 of `<salt>:<tag in lower case>` with the store's salt; PINs are the stored scrypt
 * hashes (salted, cost in the string). No clear tag or PIN ever leaves the server here.
 */
export const ControllerConfig = z.object({
  formatVersion: z.literal(1),
  generatedAt: z.string(),
  store: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    variant: z.string(),
    timezone: z.string(),
  }),
  tagSalt: z.string(),
  tanks: z.array(
    z.object({
      /** The pump (nozzle) number on the controller: tanks in code order, from 1. */
      pump: z.number(),
      code: z.string(),
      name: z.string(),
      productCode: z.string(),
      capacity: z.number(),
    }),
  ),
  products: z.array(z.object({ code: z.string(), name: z.string(), unit: z.string(), price: z.number() })),
  equipment: z.array(
    z.object({
      fleetNo: z.string(),
      tagHashes: z.array(z.string()),
      pinRequired: z.boolean(),
      odometerRequired: z.boolean(),
    }),
  ),
  employees: z.array(
    z.object({ number: z.string(), name: z.string(), tagHash: z.string().nullable(), pinHash: z.string().nullable() }),
  ),
  allocations: z.array(
    z.object({
      productCode: z.string(),
      subject: z.enum(['equipment', 'employee', 'cost_centre']),
      subjectCode: z.string(),
      dailyLimit: z.number().nullable(),
      monthlyLimit: z.number().nullable(),
      maxPerTransaction: z.number().nullable(),
      weekdays: z.array(z.number()).nullable(),
      hoursFrom: z.string().nullable(),
      hoursTo: z.string().nullable(),
    }),
  ),
});
export type ControllerConfig = z.infer<typeof ControllerConfig>;

export const INI_EXPORT_PATH = '/controller-config';
