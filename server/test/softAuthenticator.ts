// A software passkey for the tests: an ES256 key pair made with node's crypto, answering WebAuthn's
// registration (attestation "none") and sign-in ceremonies as a browser and authenticator would
// send them (the JSON @simplewebauthn/browser produces). The CBOR it needs (maps, integers, byte
// and text strings) is written by hand below.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const out = Buffer.alloc(3);
  out[0] = (major << 5) | 25;
  out.writeUInt16BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** UP (the user was present); AT (attested credential data follows). */
const FLAGS = { userPresent: 0x01, attested: 0x40 };

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

export function createSoftPasskey(): SoftPasskey {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  return { credentialId: randomBytes(32), privateKey, counter: 0 };
}

function coseKey(key: SoftPasskey): Buffer {
  const jwk = key.privateKey.export({ format: "jwk" }) as { x: string; y: string };
  return cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The browser's answer to navigator.credentials.create() with these options (challenge, rp.id). */
export function registrationResponse(key: SoftPasskey, options: { challenge: string; rp: { id?: string } }, origin: string) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(key.credentialId.length);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAGS.userPresent | FLAGS.attested]),
    counter,
    Buffer.alloc(16), // AAGUID: none
    idLength,
    key.credentialId,
    coseKey(key),
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]),
  );
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    },
    clientExtensionResults: {},
  };
}

/** The browser's answer to navigator.credentials.get() with these options (challenge, rpId). */
export function authenticationResponse(key: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string) {
  key.counter += 1;
  const rpId = options.rpId ?? new URL(origin).hostname;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(key.counter);
  const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS.userPresent]), counter]);
  const data = clientData("webauthn.get", options.challenge, origin);
  // ES256: ECDSA over SHA-256, DER-encoded, as authenticators send it.
  const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(data)]), key.privateKey);
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(data),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
    },
    clientExtensionResults: {},
  };
}
