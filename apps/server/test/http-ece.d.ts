// http_ece (web-push's own encryption library, RFC 8188/8291) ships no types: what the push tests use.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair (the browser's). */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url or bytes. */
    authSecret: string | Buffer;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
