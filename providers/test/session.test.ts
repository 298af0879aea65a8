import { describe, expect, it } from "vitest";
import { session } from "../session";

describe("the last center used", () => {
  it("is remembered per user when a center is picked, and kept across sign-out", () => {
    session.setUser({ id: 5, token: "t", fullname: "E", user_type: "center_staff" });
    session.setCenter({ code: "SBY01", assignmentId: 3 });
    session.clear();
    expect(session.getCenter()).toBeNull();
    expect(session.getLastCenter(5)).toBe("SBY01");
    expect(session.getLastCenter(6)).toBeNull();
  });
});
