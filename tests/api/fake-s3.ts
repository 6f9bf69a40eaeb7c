import crypto from 'node:crypto';
import http from 'node:http';

/**
 * A tiny S3-compatible receiver for tests (S3 is a third party, so a fake is fine there): path-style
 * PUT/GET/DELETE of objects and ListObjectsV2, in memory. Every request must carry a SigV4
 * `Authorization` header for the expected key and region, an `x-amz-date`, and an `x-amz-content-sha256`
 * that matches the PUT's body; otherwise 403 as S3 would. It checks presence and shape, not the signature.
 */
export interface FakeS3 {
  url: string;
  bucket: string;
  objects: Map<string, Buffer>;
  requests: { method: string; key: string; authorization: string }[];
  close(): Promise<void>;
}

export async function startFakeS3(opts: { accessKeyId: string; region: string; bucket: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];
  const credential = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${opts.accessKeyId}/\\d{8}/${opts.region}/s3/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$`,
  );
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      const authorization = String(req.headers.authorization ?? '');
      requests.push({ method: req.method ?? '', key, authorization });
      const body = Buffer.concat(chunks);
      const sha = String(req.headers['x-amz-content-sha256'] ?? '');
      const answer = (status: number, text = '', type = 'application/xml') => {
        res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
        res.end(text);
      };
      if (!credential.test(authorization) || !/^\d{8}T\d{6}Z$/.test(String(req.headers['x-amz-date'])))
        return answer(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (bucket !== opts.bucket) return answer(404, '<Error><Code>NoSuchBucket</Code></Error>');
      if (req.method === 'PUT') {
        const hash = crypto.createHash('sha256').update(body).digest('hex');
        if (sha !== 'UNSIGNED-PAYLOAD' && sha !== hash)
          return answer(400, '<Error><Code>XAmzContentSHA256Mismatch</Code></Error>');
        if (Number(req.headers['content-length']) !== body.length)
          return answer(400, '<Error><Code>BadLength</Code></Error>');
        objects.set(key, body);
        return answer(200);
      }
      if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const xml = `<ListBucketResult><IsTruncated>false</IsTruncated>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}</ListBucketResult>`;
        return answer(200, xml);
      }
      if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) return answer(404, '<Error><Code>NoSuchKey</Code></Error>');
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': o.length });
        return res.end(o);
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      answer(405);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bucket: opts.bucket,
    objects,
    requests,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
