import sharp from 'sharp';
import {
  INCIDENT_ERRORS,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PX,
  PHOTO_TYPES,
  THUMB_PX,
  sniffImage,
  type PhotoType,
} from '../../../src/contract/incidents';
import { AppError } from '../../lib/errors';

export interface ProcessedPhoto {
  contentType: PhotoType;
  /** The stored image: the upload, or a smaller copy when it is larger than PHOTO_MAX_PX. */
  data: Buffer;
  width: number;
  height: number;
  /** JPEG thumbnail, longest side THUMB_PX. */
  thumb: Buffer;
}

const EXT: Record<PhotoType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const extOf = (t: PhotoType) => EXT[t];

const refused = (status: number, message: string) => new AppError(status, INCIDENT_ERRORS.photo, message);
export const tooLarge = () =>
  new AppError(413, 'too_large', `The photo is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`, 'Too large');

/**
 * Checks an upload by its content (the first bytes say JPEG, PNG or WebP; the declared type is not
 * trusted) and size, decodes it (a truncated or forged image is refused, not stored), turns it
 * upright from its EXIF orientation, and makes the thumbnail. 413 too large, 415 not an image of
 * those types, 422 an image that cannot be decoded.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > PHOTO_MAX_BYTES) throw tooLarge();
  if (input.length === 0) throw refused(400, 'The request has no photo: send the image itself as the body.');
  const type = sniffImage(input);
  if (!type)
    throw refused(415, `Only photos are accepted: ${PHOTO_TYPES.map((t) => extOf(t).toUpperCase()).join(', ')}.`);
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: 100_000_000 }).rotate();
    const meta = await sharp(input, { failOn: 'error' }).metadata();
    const upright = (meta.orientation ?? 1) >= 5;
    let width = (upright ? meta.height : meta.width) ?? 0;
    let height = (upright ? meta.width : meta.height) ?? 0;
    let data = input;
    if (Math.max(width, height) > PHOTO_MAX_PX || (meta.orientation ?? 1) !== 1) {
      const out = await image
        .clone()
        .resize(PHOTO_MAX_PX, PHOTO_MAX_PX, { fit: 'inside', withoutEnlargement: true })
        .toFormat(extOf(type) === 'jpg' ? 'jpeg' : (extOf(type) as 'png' | 'webp'))
        .toBuffer({ resolveWithObject: true });
      data = out.data;
      width = out.info.width;
      height = out.info.height;
    } else {
      // Decode the whole image once: a header that parses over a broken body is refused here.
      await image.clone().raw().toBuffer();
    }
    const thumb = await image
      .clone()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer();
    return { contentType: type, data, width, height, thumb };
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw refused(422, 'The photo could not be read: the file is damaged or not a complete image.');
  }
}
