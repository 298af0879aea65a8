// Authenticator secrets are stored encrypted (AES-256-GCM) with a key from the environment
// (TOTP_ENCRYPTION_KEY, or generated into the data folder in embedded mode): a copy of the
// database alone does not let anyone compute a user's codes. Each ciphertext is bound to its
// user, so a row copied onto another account does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

export interface SecretBox {
  seal(userId: number, plain: string): string;
  /** null: not sealed with this key (or tampered with). */
  open(userId: number, sealed: string): string | null;
}

export function createSecretBox(keyText: string): SecretBox {
  // The configured text may be any long random string; HKDF turns it into exactly 32 bytes.
  const key = Buffer.from(hkdfSync("sha256", keyText, "center-console", "totp-secret-encryption", 32));
  const aad = (userId: number) => Buffer.from(`user:${userId}`);
  return {
    seal(userId, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(userId, sealed) {
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
    },
  };
}
