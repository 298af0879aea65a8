import { afterEach, describe, expect, it, vi } from "vitest";
import { guardBack, installBackGuard } from "./backGuard";

describe("the Back guard", () => {
  installBackGuard();
  // Stands for the router: it must only see the pops the user agreed to.
  const router = vi.fn();
  window.addEventListener("popstate", router);
  afterEach(() => router.mockClear());

  it("lets every pop through when no form holds changes", () => {
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(router).toHaveBeenCalledTimes(1);
  });

  it("on Cancel stops the pop before the router and puts the page back; on OK lets it through", () => {
    const answers = [false, true];
    const confirm = vi.fn(() => answers.shift()!);
    const release = guardBack(confirm);
    const push = vi.spyOn(window.history, "pushState");
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(router).not.toHaveBeenCalled();
    expect(push).toHaveBeenCalledWith(window.history.state, "", window.location.href);
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(router).toHaveBeenCalledTimes(1);
    // Once agreed, the next pop is not asked again.
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(confirm).toHaveBeenCalledTimes(2);
    release();
    push.mockRestore();
  });

  it("asks nothing once the form released it", () => {
    const confirm = vi.fn(() => false);
    guardBack(confirm)();
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(confirm).not.toHaveBeenCalled();
    expect(router).toHaveBeenCalledTimes(1);
  });
});
