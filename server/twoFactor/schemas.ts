// The two-factor routes' bodies and answers (protocol/twoFactor.ts says the same for the console;
// server/test/restTypes.test.ts holds them together).
import { Type } from "typebox";
import { LoginData } from "../routes/signedIn.js";

export const SecondStepData = Type.Object({
  second_step: Type.Union([Type.Literal("verify"), Type.Literal("enrol")]),
  ticket: Type.String(),
  methods: Type.Array(Type.Union([Type.Literal("totp"), Type.Literal("recovery"), Type.Literal("passkey")])),
  fullname: Type.String(),
});

const Ticket = Type.String({ minLength: 1, maxLength: 2000 });
/** Six digits, as typed (spaces allowed): anything else is simply a wrong code. */
const Code = Type.String({ minLength: 1, maxLength: 20 });

export const SecondFactorBody = Type.Object(
  { ticket: Ticket, code: Type.Optional(Code), recovery_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })) },
  { additionalProperties: false },
);
export const SecondFactorData = Type.Object({ ...LoginData.properties, recovery_codes_left: Type.Optional(Type.Integer()) });

export const TicketBody = Type.Object({ ticket: Ticket }, { additionalProperties: false });
export const TicketCodeBody = Type.Object({ ticket: Ticket, code: Code }, { additionalProperties: false });
export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });

/** An object whose members @simplewebauthn/server checks (plain JSON Schema, read alike by the validator and the OpenAPI document). */
const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: "object", maxProperties: 20 });

/** Nothing to send: an empty object, so a body sent by mistake is refused rather than ignored. */
export const EmptyBody = Type.Object({}, { additionalProperties: false });

/** A WebAuthn answer as @simplewebauthn/browser sends it; @simplewebauthn/server checks the rest. */
export const Credential = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 1400 }),
    rawId: Type.String({ minLength: 1, maxLength: 1400 }),
    type: Type.Literal("public-key"),
    response: AnyObject,
    clientExtensionResults: Type.Optional(AnyObject),
    authenticatorAttachment: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export const PasskeySignInBody = Type.Object({ ticket: Ticket, credential: Credential }, { additionalProperties: false });
export const PasskeyBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }), credential: Credential }, { additionalProperties: false });

/** WebAuthn's options for the browser, as @simplewebauthn/server made them. */
export const PasskeyOptions = Type.Object({ options: Type.Record(Type.String(), Type.Unknown()) });

export const TotpSetup = Type.Object({ secret: Type.String(), uri: Type.String() });
export const EnrolledData = Type.Object({ ...LoginData.properties, recovery_codes: Type.Array(Type.String()) });
export const TotpConfirmed = Type.Object({ token: Type.String(), recovery_codes: Type.Array(Type.String()) });
export const RecoveryCodes = Type.Object({ recovery_codes: Type.Array(Type.String()) });

export const PasskeyInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Type.String(),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
export const TwoFactorStatus = Type.Object({
  totp: Type.Boolean(),
  required: Type.Boolean(),
  recovery_codes_left: Type.Integer(),
  passkeys: Type.Array(PasskeyInfo),
});
