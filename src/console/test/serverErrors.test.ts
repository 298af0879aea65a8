import { describe, expect, it } from "vitest";
import { HttpError } from "../../../providers/http";
import posts from "../../../resources/posts";
import { isStaleSave, saveFailedNotice } from "../resources/conflict";
import { fieldSentence, serverFieldErrors } from "../serverErrors";

describe("server field messages as sentences", () => {
  it("builds the sentence from the field's and the record's labels", () => {
    expect(fieldSentence("slug", "is already in use", posts)).toBe("This slug is already used by another post");
    expect(fieldSentence("title", "must be at most 160 characters", posts)).toBe("Title must be at most 160 characters");
    expect(fieldSentence("registration_url", "must be a link starting with http:// or https://", posts)).toBe(
      "Registration link must be a link starting with http:// or https://",
    );
    expect(fieldSentence("slug", "slug is required", posts)).toBe("Slug is required");
    // Already a sentence (a definition's own pattern message): kept.
    expect(fieldSentence("slug", "Use lower-case letters, digits and single dashes", posts)).toBe("Use lower-case letters, digits and single dashes");
    // No labels: the field's name, readable.
    expect(fieldSentence("new_password", "must be at least 8 characters")).toBe("New password must be at least 8 characters");
  });

  it("turns a 400's field map into form errors", () => {
    const error = new HttpError("Validation failed", 400, { slug: "is already in use" });
    expect(serverFieldErrors(error, undefined, posts)).toEqual([{ name: "slug", errors: ["This slug is already used by another post"] }]);
  });
});

describe("a failed save", () => {
  it("tells a stale save's 409 (it carries the current record) from another 409", () => {
    expect(isStaleSave(new HttpError("Someone else saved this record since you opened it", 409, undefined, { current: { id: 1 } }))).toBe(true);
    expect(isStaleSave(new HttpError("This center already has one", 409))).toBe(false);
    expect(isStaleSave(new HttpError("Validation failed", 400))).toBe(false);
  });

  it("says the save failed, and why, except where the form says it otherwise", () => {
    expect(saveFailedNotice(posts, new HttpError("Validation failed", 400, { slug: "is already in use" }))).toEqual({
      message: "The post was not saved",
      description: "Fix the highlighted fields, then save again.",
      type: "error",
    });
    expect(saveFailedNotice({ label: "Center information" }, new HttpError("This center already has one", 409))).toMatchObject({
      message: "The center information was not saved",
      description: "This center already has one",
    });
    expect(saveFailedNotice(posts, new HttpError("stale", 409, undefined, { current: {} }))).toBe(false);
    expect(saveFailedNotice(posts, new HttpError("Network Error", 0))).toBe(false);
  });
});
