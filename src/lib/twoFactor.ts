// What the two-factor screens share (the second step of a sign-in and the console's page): the
// QR code and the passkey ceremonies. Their libraries load with the first use, never with the
// sign-in screen.
import { CODE_LENGTH } from "../../protocol/twoFactor";

export { CODE_LENGTH };

/** The otpauth:// URI as a QR code, an SVG data URL for an <img>. */
export async function qrCodeImage(uri: string): Promise<string> {
  const qrcode = await import("qrcode");
  const svg = await qrcode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The secret in groups of four, as authenticator apps show keys to type. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Only digits, at most six: what a one-time-code input keeps of what was typed or pasted. */
export const codeDigits = (text: string) => text.replace(/\D/g, "").slice(0, CODE_LENGTH);

export async function passkeysSupported(): Promise<boolean> {
  const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
  return browserSupportsWebAuthn();
}

/** Signs the server's challenge with one of the user's passkeys: the answer to send back. */
export async function passkeyAssertion(options: Record<string, unknown>) {
  const { startAuthentication } = await import("@simplewebauthn/browser");
  return startAuthentication({ optionsJSON: options as never });
}

/** Creates a passkey for the server's registration options: the answer to send back. */
export async function passkeyRegistration(options: Record<string, unknown>) {
  const { startRegistration } = await import("@simplewebauthn/browser");
  return startRegistration({ optionsJSON: options as never });
}
