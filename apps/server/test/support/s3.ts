import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/plugins/storage-s3';

/**
 * A real S3-compatible server of the test's own: s3rver (pure JavaScript, its objects in a
 * temporary directory) on a free port of 127.0.0.1, with one bucket made through the SDK.
 * `requests` lists what it was asked («DELETE /bucket/key?uploadId=…»), for tests that check which
 * calls the storage made.
 */
export interface TestS3 {
  settings: S3Settings;
  /** The same as S3_* variables, for buildTestApp. */
  env: Record<string, string>;
  /** A client of the test's own, to look at the bucket behind the storage's back. */
  client: S3Client;
  requests: string[];
  /** Stops answering: the listening socket and every open connection are closed. */
  stop(): Promise<void>;
  /** Stops (when running) and removes the objects' directory. */
  close(): Promise<void>;
}

// The SDK warns once per process that its releases from January 2027 on need Node 22 (ADR 040);
// the server shows that to whoever runs it, the test output need not repeat it in every file.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export async function startS3(bucket = 'cabinet-test'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-s3-'));
  const s3rver = new S3rver({ directory: dir, silent: true, vhostBuckets: false });
  const handle = s3rver.callback();
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The one key pair s3rver knows.
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    client,
    requests,
    stop,
    async close() {
      client.destroy();
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
