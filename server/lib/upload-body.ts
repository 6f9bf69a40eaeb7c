import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from './errors';

const sizeWords = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;

const empty = () => new AppError(400, 'empty_file', 'The request has no file: its body is empty.', 'No file');

/**
 * The raw body of an upload (documents, imports, ML files), streamed and never buffered whole,
 * refused before anything reads it when it says it is too big, is no stream or is empty (ADR 074).
 * A chunked body learns it is empty only when it ends: the first chunk is awaited, and put back,
 * so a reader such as the type sniffer never waits on a stream that has already ended.
 */
export async function uploadBody(
  req: FastifyRequest,
  maxBytes: number,
  tooLarge = () => new AppError(413, 'too_large', `The file is larger than ${sizeWords(maxBytes)}.`),
): Promise<Readable> {
  const declared = req.headers['content-length'];
  if (Number(declared ?? 0) > maxBytes) throw tooLarge();
  const body = req.body as Readable | undefined;
  if (typeof body?.pipe !== 'function')
    throw new AppError(415, 'unsupported_media_type', 'Send the file itself as the request body.');
  if (declared !== undefined && Number(declared) === 0) {
    body.resume();
    throw empty();
  }
  return new Promise<Readable>((resolve, reject) => {
    const done = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      done();
      body.pause();
      body.unshift(chunk);
      resolve(body);
    };
    const onEnd = () => {
      done();
      reject(empty());
    };
    const onError = (e: Error) => {
      done();
      reject(e);
    };
    body.on('data', onData);
    body.once('end', onEnd);
    body.once('error', onError);
  });
}
