// once: one load shared by every caller; a failure is tried again by the next call.
import { describe, expect, it } from "vitest";
import { once } from "./once";

describe("once", () => {
  it("runs the load once and gives every caller its promise", async () => {
    let calls = 0;
    const load = once(async () => {
      calls += 1;
      return { value: calls };
    });
    const [a, b] = [load(), load()];
    expect(a).toBe(b);
    await expect(a).resolves.toEqual({ value: 1 });
    expect(await load()).toBe(await a);
    expect(calls).toBe(1);
  });

  it("does not keep a failure: the next call loads again", async () => {
    let calls = 0;
    const load = once(async () => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return "here";
    });
    await expect(load()).rejects.toThrow("offline");
    await expect(load()).resolves.toBe("here");
    await load();
    expect(calls).toBe(2);
  });

  it("lets callers that were waiting on a failed load see the failure, while a later call starts afresh", async () => {
    let reject: (error: Error) => void = () => {};
    let calls = 0;
    const load = once(() => {
      calls += 1;
      return calls === 1 ? new Promise<string>((_, r) => (reject = r)) : Promise.resolve("second");
    });
    const waiting = [load(), load()];
    reject(new Error("offline"));
    for (const p of waiting) await expect(p).rejects.toThrow("offline");
    await expect(load()).resolves.toBe("second");
  });
});
