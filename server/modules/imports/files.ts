import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { IMPORT_MAX_BYTES } from '../../../src/contract/imports';
import { AppError } from '../../lib/errors';

/**
 * Where import files live: `DATA_DIR/files/imports/<job id>` (the upload) and `<job id>.report.csv`
 * (the result report). DESIGN.md §1 puts files under DATA_DIR at the default scale and in an
 * S3-compatible bucket later; everything goes through these functions so that swap is local.
 */
export function importFiles(dataDir: string) {
  const dir = path.join(dataDir, 'files', 'imports');
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
          if (size > limit) done(new AppError(413, 'too_large', `The file is larger than ${Math.round(limit / 1024 / 1024)} MB.`));
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
    /** The first bytes, to tell XLSX (a zip) from CSV whatever the name says. */
    async sniff(id: string): Promise<'csv' | 'xlsx'> {
      const fh = await fs.promises.open(upload(id), 'r');
      try {
        const buf = Buffer.alloc(4);
        await fh.read(buf, 0, 4, 0);
        return buf[0] === 0x50 && buf[1] === 0x4b && buf[2] === 0x03 && buf[3] === 0x04 ? 'xlsx' : 'csv';
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
