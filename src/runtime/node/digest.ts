/** The SHA-256 of some bytes, in hex: how the build records exactly which bytes it checked or coded. */
import { createHash } from 'node:crypto';

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
