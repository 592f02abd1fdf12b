/**
 * The keys a browser hands over with its push subscription (RFC 8291): `p256dh`, its P-256 public
 * key, and `auth`, a 16-byte secret. Every push is encrypted to them, so a key that is the right
 * length but not a point on the curve makes each encryption throw; it is refused when the device
 * registers, and the sender checks a stored one again before encrypting (rows stored before this
 * check existed, or written by hand).
 */
import { createECDH } from "node:crypto";

/** Exactly as the encryption uses the key: an ECDH agreement with it, which OpenSSL refuses for a point off the curve (or at infinity). */
const probe = createECDH("prime256v1");
probe.generateKeys();

/** base64url with or without padding, as browsers and libraries write it. */
const base64url = /^[A-Za-z0-9_-]+={0,2}$/;

/** The browser's P-256 public key: 65 bytes, an uncompressed point (0x04 first) on the curve. */
export function isP256PublicKey(value: string): boolean {
  if (value.length < 86 || value.length > 88 || !base64url.test(value)) return false;
  const bytes = Buffer.from(value, "base64url");
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    probe.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The auth secret: 16 bytes. */
export function isAuthSecret(value: string): boolean {
  return value.length >= 22 && value.length <= 24 && base64url.test(value) && Buffer.from(value, "base64url").length === 16;
}

/** Why the keys cannot be used (a phrase for the job's log), or null. */
export function subscriptionKeysProblem(keys: { p256dh: string; auth: string }): string | null {
  if (!isP256PublicKey(keys.p256dh)) return "the device's key (p256dh) is not a point on the P-256 curve";
  if (!isAuthSecret(keys.auth)) return "the device's auth secret is not 16 bytes";
  return null;
}
