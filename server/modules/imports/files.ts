import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { IMPORT_MAX_BYTES } from '../../../src/contract/imports';
import { AppError } from '../../lib/errors';

/**
 * Where import files live: `DATA_DIR/files/imports/<job id>` (the upload) and `<job id>.report.csv`
 * (the result report); `/MLUpload` keeps its files in their own `folder` while it scores them.
 * docs/design.md §1 puts files under DATA_DIR at the default scale and in an S3-compatible bucket
 * later; everything goes through these functions so that swap is local.
 */
export function importFiles(dataDir: string, folder = 'imports') {
  const dir = path.join(dataDir, 'files', folder);
  const upload = (id: string) => path.join(dir, id);
  const report = (id: string) => path.join(dir, `${id}.report.csv`);
  return {
    upload,
    report,
    /**
     * Streams the request body to disk, counting bytes: more than the limit stops the upload and
     * answers 413. Memory holds one chunk at a time whatever the file size.
     */
    async save(id: string, body: Readable, limit = IMPORT_MAX_BYTES): Promise<number> {
      await fs.promises.mkdir(dir, { recursive: true });
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > limit)
            done(new AppError(413, 'too_large', `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`));
          else done(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, fs.createWriteStream(upload(id), { flags: 'wx' }));
      } catch (e) {
        await fs.promises.rm(upload(id), { force: true });
        throw e;
      }
      return size;
    },
    /**
     * What the file is by its content, whatever its name or content type says: XLSX (a zip), CSV
     * (text), an old binary Excel workbook (`xls`), or anything else (`binary`).
     */
    async sniff(id: string): Promise<FileKind> {
      const fh = await fs.promises.open(upload(id), 'r');
      try {
        const buf = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
        return fileKind(buf.subarray(0, bytesRead));
      } finally {
        await fh.close();
      }
    },
    async remove(id: string) {
      await fs.promises.rm(upload(id), { force: true });
      await fs.promises.rm(report(id), { force: true });
    },
  };
}
export type ImportFiles = ReturnType<typeof importFiles>;

export type FileKind = 'csv' | 'xlsx' | 'xls' | 'binary';
const SNIFF_BYTES = 8192;

/**
 * The kind of a file from its first bytes (issue 10: a 4 KB binary body posted as a CSV reached
 * the header parser and the database). A zip is an XLSX workbook; the OLE2 signature is an old
 * `.xls`; text is CSV. Text means no control characters other than tab, line feed, form feed and
 * carriage return: NUL and the rest occur in binary files (and in UTF-16, which the reader does
 * not take) but never in a spreadsheet's CSV export, in any 8-bit encoding.
 */
export function fileKind(head: Uint8Array): FileKind {
  const starts = (...sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'xls';
  for (const b of head) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return 'binary';
    if (b === 0x7f) return 'binary';
  }
  return 'csv';
}
