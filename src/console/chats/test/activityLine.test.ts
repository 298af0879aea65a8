import { afterEach, describe, expect, it } from "vitest";
import { ACTIVITY_WORDS } from "../../../../protocol/chat";
import { setLocale } from "../../../../providers/i18n";
import { activityLine } from "../activityLine";

const rina = { id: 7, name: "Rina Putri" };
const line = (words: string) => activityLine({ text: `${rina.name} ${words}`, author: rina });

describe("activity lines", () => {
  afterEach(() => setLocale("en"));

  it("read as stored in English", () => {
    expect(line(ACTIVITY_WORDS.took)).toBe("Rina Putri took this conversation");
    expect(line(`${ACTIVITY_WORDS.assignedTo}Budi Santoso`)).toBe("Rina Putri assigned this conversation to Budi Santoso");
  });

  it("are worded in Indonesian, a snooze's time in local time", async () => {
    await setLocale("id");
    expect(line(ACTIVITY_WORDS.took)).toBe("Rina Putri mengambil percakapan ini");
    expect(line(`${ACTIVITY_WORDS.assignedTo}Budi Santoso`)).toBe("Rina Putri menugaskan percakapan ini kepada Budi Santoso");
    expect(line(ACTIVITY_WORDS.resolved)).toBe("Rina Putri menyelesaikan percakapan ini");
    expect(line(`${ACTIVITY_WORDS.snoozed}${ACTIVITY_WORDS.until}2026-12-05 11:00 UTC`)).toMatch(
      /^Rina Putri menunda percakapan ini hingga 5 Des 2026 \d\d:00$/,
    );
  });

  it("shows a line it does not know, or of someone renamed since, as stored", async () => {
    await setLocale("id");
    expect(line("did something new")).toBe("Rina Putri did something new");
    expect(activityLine({ text: "Rina took this conversation", author: rina })).toBe("Rina took this conversation");
  });
});
