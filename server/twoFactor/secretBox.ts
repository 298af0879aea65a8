// Authenticator secrets are stored encrypted (AES-256-GCM) with a key from the environment
// (TOTP_ENCRYPTION_KEY, or generated into the data folder in embedded mode): a copy of the
// database alone does not let anyone compute a user's codes. Each ciphertext is bound to its
// user, so a row copied onto another account does not decrypt.
//
// A key can be replaced without anyone setting up their authenticator again: the key being
// retired (TOTP_ENCRYPTION_KEY_PREVIOUS) still opens what it sealed, and such a secret is sealed
// anew with the current key (`reseal`) at the server's start and whenever a code is accepted.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

export interface SecretBox {
  seal(userId: number, plain: string): string;
  /** null: sealed with neither the current nor the previous key (or tampered with). */
  open(userId: number, sealed: string): string | null;
  /** Sealed with the previous key: the same secret sealed with the current one. Else null. */
  reseal(userId: number, sealed: string): string | null;
}

type Key = Buffer;

// The configured text may be any long random string; HKDF turns it into exactly 32 bytes.
const keyOf = (keyText: string): Key => Buffer.from(hkdfSync("sha256", keyText, "center-console", "totp-secret-encryption", 32));
const aad = (userId: number) => Buffer.from(`user:${userId}`);

function seal(key: Key, userId: number, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad(userId));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

function open(key: Key, userId: number, sealed: string): string | null {
  const [version, data] = sealed.split(":");
  if (version !== VERSION || !data) return null;
  const bytes = Buffer.from(data, "base64url");
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function createSecretBox(keyText: string, previousKeyText?: string): SecretBox {
  const current = keyOf(keyText);
  const previous = previousKeyText === undefined ? null : keyOf(previousKeyText);
  const openPrevious = (userId: number, sealed: string) => (previous ? open(previous, userId, sealed) : null);
  return {
    seal: (userId, plain) => seal(current, userId, plain),
    open: (userId, sealed) => open(current, userId, sealed) ?? openPrevious(userId, sealed),
    reseal(userId, sealed) {
      if (open(current, userId, sealed) !== null) return null;
      const plain = openPrevious(userId, sealed);
      return plain === null ? null : seal(current, userId, plain);
    },
  };
}
