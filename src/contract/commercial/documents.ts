import { z } from 'zod';
import { ROLE_CODES } from '../access';
import { inputSchemas, optionalText, requiredText, rowMeta } from '../setup/fields';

/** Largest document file accepted (one version). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What a document file may be, by the type its bytes show (magic numbers, never the name or the
 * declared content type): PDF, images, Office files (OOXML, OpenDocument, and the old binary
 * Office formats, which all sniff as `cfb`).
 */
export const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint presentation',
  'application/vnd.oasis.opendocument.text': 'OpenDocument text',
  'application/vnd.oasis.opendocument.spreadsheet': 'OpenDocument spreadsheet',
  'application/vnd.oasis.opendocument.presentation': 'OpenDocument presentation',
  'application/x-cfb': 'Office 97–2003 file',
};
/** Shown in the browser rather than saved (Content-Disposition: inline). */
/**
 * Types a browser may show in place. Not PDF: an uploaded PDF can carry JavaScript that a browser's
 * viewer runs, so it is always a download (ADR 074). Images are decoded, never run.
 */
export const INLINE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Days before the expiry date a document is flagged as expiring. */
export const EXPIRY_WARNING_DAYS = 30;
/** One document on the dashboard's expiring card: days left (negative: expired that many days ago). */
export const ExpiringDocument = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  expiresOn: z.string(),
  daysLeft: z.number().int(),
});
export type ExpiringDocument = z.infer<typeof ExpiringDocument>;
export const ExpiringDocuments = z.object({ documents: z.array(ExpiringDocument), withinDays: z.number().int() });
export type ExpiringDocuments = z.infer<typeof ExpiringDocuments>;

export const EXPIRY_STATES = ['none', 'valid', 'expiring', 'expired'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];
export const EXPIRY_LABELS: Record<ExpiryState, string> = {
  none: 'No expiry',
  valid: 'Valid',
  expiring: 'Expiring soon',
  expired: 'Expired',
};

/** Roles a system document can be published to (ThebigBoss sees every one anyway). */
export const DOC_ROLE_CODES = ROLE_CODES.filter((c) => c !== 'ThebigBoss');

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date (YYYY-MM-DD)')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date');

export const DocumentFields = z.strictObject({
  title: requiredText('Title', 200),
  category: optionalText(80),
  tags: z
    .array(z.string().trim().min(1, 'Empty tag').max(40, 'At most 40 characters a tag'))
    .max(20, 'At most 20 tags')
    .default([])
    .transform((t) => [...new Set(t)]),
  expiresOn: isoDate.nullish().transform((v) => v ?? null),
  description: optionalText(2000),
  /** Listed on `/Documents` for everybody signed in to the account. */
  staffVisible: z.boolean().default(false),
  /** A ThebigBoss's document published to every account, to the roles below (none = everybody). */
  system: z.boolean().default(false),
  systemRoles: z
    .array(z.enum(DOC_ROLE_CODES as [string, ...string[]], { error: 'Not a role' }))
    .max(20)
    .default([]),
});
export const { create: DocumentCreate, update: DocumentUpdate } = inputSchemas(DocumentFields);
export type DocumentCreate = z.input<typeof DocumentCreate>;

export const DocumentRow = z.object({
  ...rowMeta,
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  expiresOn: z.string().nullable(),
  description: z.string(),
  staffVisible: z.boolean(),
  system: z.boolean(),
  systemRoles: z.array(z.string()),
  expiry: z.enum(EXPIRY_STATES),
  /** The current (latest) file: null until the first upload. */
  currentVersion: z.number().int().nullable(),
  fileName: z.string().nullable(),
  mime: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  shareCount: z.number().int(),
  openedCount: z.number().int(),
});
export type DocumentRow = z.infer<typeof DocumentRow>;

export const DocumentVersion = z.object({
  versionNo: z.number().int(),
  fileName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});
export type DocumentVersion = z.infer<typeof DocumentVersion>;
export const DocumentVersions = z.object({ items: z.array(DocumentVersion) });

export const UploadDocumentQuery = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'Give the file name')
    .max(200, 'At most 200 characters')
    .refine((n) => !/[\\/]/.test(n) && ![...n].some((c) => c.charCodeAt(0) < 32), 'No slashes or control characters'),
});

export const FileQuery = z.object({
  /** A version number; default the current one. */
  v: z.coerce.number().int().min(1).optional(),
  /** `1`: attachment (save), else inline for PDF and images. */
  download: z.enum(['0', '1']).optional(),
});

/** Share documents with customers: the chosen ones, or every customer of the account. */
export const ShareBody = z.strictObject({
  documentIds: z
    .array(z.uuid({ error: 'Not a valid id' }))
    .min(1, 'Choose at least one document')
    .max(100),
  customerIds: z
    .array(z.uuid({ error: 'Not a valid id' }))
    .min(1, 'Choose at least one customer')
    .max(1000)
    .or(z.literal('all')),
  message: optionalText(1000),
});
export const ShareResult = z.object({
  shared: z.number().int(),
  mailed: z.array(z.object({ customerId: z.string(), name: z.string(), email: z.string() })),
  /** Customers without a contact e-mail: shared (visible on /DocumentCustomer) but not mailed. */
  notMailed: z.array(z.object({ customerId: z.string(), name: z.string() })),
});
export type ShareResult = z.infer<typeof ShareResult>;

export const DocumentShareRow = z.object({
  id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  documentId: z.string(),
  title: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  sharedAt: z.string(),
  sentTo: z.string().nullable(),
  firstOpenedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  openCount: z.number().int(),
  opened: z.boolean(),
});
export type DocumentShareRow = z.infer<typeof DocumentShareRow>;

/** `/Documents`: what the signed-in user may read (the account's staff documents and system documents). */
export const LibraryRow = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  description: z.string(),
  expiresOn: z.string().nullable(),
  expiry: z.enum(EXPIRY_STATES),
  system: z.boolean(),
  fileName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int(),
  currentVersion: z.number().int(),
  updatedAt: z.string(),
});
export type LibraryRow = z.infer<typeof LibraryRow>;
export const LibraryBody = z.object({ items: z.array(LibraryRow) });
export const LibraryQuery = z.object({ q: z.string().trim().max(200).optional() });

export const WithdrawResult = z.object({ ok: z.boolean() });

export const PublicDocumentQuery = z.object({ token: z.string().min(1).max(2000) });
