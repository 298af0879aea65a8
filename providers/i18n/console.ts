// The console's English words, added when the console's chunk loads: its modules import this
// for its effect (src/console/notificationProvider.ts, Shell.tsx), so every t() the console calls
// finds them, while the sign-in screen carries only its own (en.entry.ts). Indonesian is fetched
// whole before the first screen (index.ts loadLocale).
import { addEnglish } from ".";
import { enConsole } from "./en.console";

addEnglish(enConsole);
