// The two-factor words in English, added when a screen that shows them loads (see console.ts):
// the second step of a sign-in and the console both import this for its effect.
import { addEnglish } from ".";
import { enTwoFactor } from "./en.twoFactor";

addEnglish(enTwoFactor);
