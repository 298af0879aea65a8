import { describe, expect, it, vi } from "vitest";
import { AxiosError, type AxiosAdapter } from "axios";
import { createAvailability } from "../availability";
import { createHttpClient, HttpError } from "../http";
import { session } from "../session";
import { fail, fakeTransport, ok } from "./transport";

const signIn = () => session.setUser({ id: 3, token: "tok", fullname: "Demo", user_type: "center_staff" });

describe("createHttpClient", () => {
  it("adds the Bearer token and the selected center", async () => {
    signIn();
    session.setCenter({ code: "JKT01", assignmentId: 4 });
    const { adapter, requests } = fakeTransport(() => ok(null));
    await createHttpClient({ adapter }).get("/api/a/verify/___ca");
    expect(requests[0].headers.Authorization).toBe("Bearer tok");
    expect(requests[0].headers["X-Center-Code"]).toBe("JKT01");
  });

  it("asks for the console's language", async () => {
    const { setLocale } = await import("../i18n");
    const { adapter, requests } = fakeTransport(() => ok(null));
    const http = createHttpClient({ adapter });
    await setLocale("id");
    await http.get("/api/x");
    await setLocale("en");
    await http.get("/api/x");
    expect(requests.map((r) => r.headers["Accept-Language"])).toEqual(["id", "en"]);
  });

  it("sends neither header when signed out", async () => {
    const { adapter, requests } = fakeTransport(() => ok(null));
    await createHttpClient({ adapter }).get("/api/x");
    expect(requests[0].headers.Authorization).toBeUndefined();
    expect(requests[0].headers["X-Center-Code"]).toBeUndefined();
  });

  it("normalises failures into HttpError with the server's message and field errors", async () => {
    const { adapter } = fakeTransport(() => fail(400, "Validation failed", { title: "title is required" }));
    const error = await createHttpClient({ adapter })
      .post("/api/posts", {})
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 400, message: "Validation failed", errors: { title: "title is required" } });
  });

  it("reports a 401 on a signed-in call, and not on an anonymous one", async () => {
    const onUnauthorized = vi.fn();
    const { adapter } = fakeTransport(() => fail(401, "Unauthorized"));
    const http = createHttpClient({ adapter, onUnauthorized });
    await http.get("/api/x").catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    signIn();
    await http.get("/api/x").catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("passes on a 401's code: a session that lacks a second factor is signed out differently", async () => {
    signIn();
    const onUnauthorized = vi.fn();
    const { adapter } = fakeTransport(() => ({
      status: 401,
      body: { statusCode: 401, message: "Sign in with your second factor to continue", code: "second_factor_required" },
    }));
    await createHttpClient({ adapter, onUnauthorized })
      .get("/api/x")
      .catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledWith("second_factor_required");
  });

  it("a call refused while this session's new token is on its way is asked again with it, not signed out", async () => {
    signIn();
    const onUnauthorized = vi.fn();
    let answerRenewal: (token: string) => void = () => {};
    const { adapter, requests } = fakeTransport((request) => (request.headers.Authorization === "Bearer tok" ? fail(401, "Unauthorized") : ok("fresh")));
    const http = createHttpClient({ adapter, onUnauthorized });
    const renewed = session.renewToken(new Promise<string>((resolve) => (answerRenewal = resolve)), (token) => token);
    const call = http.get("/api/x");
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    answerRenewal("tok-2");
    await renewed;
    await expect(call).resolves.toMatchObject({ data: { data: "fresh" } });
    expect(requests.map((r) => r.headers.Authorization)).toEqual(["Bearer tok", "Bearer tok-2"]);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(session.getUser()?.token).toBe("tok-2");
  });

  it("a renewal that fails leaves the refusal as it was: the session is signed out", async () => {
    signIn();
    const onUnauthorized = vi.fn();
    let refuseRenewal: () => void = () => {};
    const { adapter, requests } = fakeTransport(() => fail(401, "Unauthorized"));
    const http = createHttpClient({ adapter, onUnauthorized });
    const renewed = session.renewToken(new Promise<string>((_, reject) => (refuseRenewal = () => reject(new Error("wrong code")))), (token) => token);
    const call = http.get("/api/x");
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    refuseRenewal();
    await expect(renewed).rejects.toThrow("wrong code");
    await expect(call).rejects.toMatchObject({ statusCode: 401 });
    expect(requests).toHaveLength(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(session.tokenRenewal()).toBeNull();
  });
});

describe("availability", () => {
  it("marks the server down on a 503 or no answer, and up on the next answer", async () => {
    const availability = createAvailability();
    let reply: "503" | "offline" | "ok" = "503";
    const adapter: AxiosAdapter = async (config) => {
      if (reply === "offline") throw new AxiosError("Network Error", "ERR_NETWORK", config);
      const status = reply === "503" ? 503 : 200;
      const response = { data: { statusCode: status, message: "x" }, status, statusText: "", headers: {}, config };
      if (status >= 400) throw new AxiosError("fail", "ERR_BAD_RESPONSE", config, null, response);
      return response;
    };
    const http = createHttpClient({ adapter, onUnavailable: availability.down, onAvailable: availability.up });
    await expect(http.get("/api/posts")).rejects.toMatchObject({ statusCode: 503 });
    expect(availability.isDown()).toBe(true);
    reply = "ok";
    await http.get("/api/posts");
    expect(availability.isDown()).toBe(false);
    reply = "offline";
    await expect(http.get("/api/posts")).rejects.toMatchObject({ statusCode: 0 });
    expect(availability.isDown()).toBe(true);
  });
});
