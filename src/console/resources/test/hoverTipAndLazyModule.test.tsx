import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HoverTip } from "../HoverTip";
import { lazyModule } from "../lazyModule";

describe("a tooltip made on hover", () => {
  it("is not there until the pointer or focus reaches its element, and the element stays the same one", async () => {
    render(
      <HoverTip title="Edit">
        <button type="button" aria-label="Edit Spring open day">
          ✎
        </button>
      </HoverTip>,
    );
    const button = screen.getByRole("button");
    expect(document.querySelector(".hover-tip__anchor")).toBeNull();
    act(() => button.focus());
    // antd's Tooltip arrives with the first one shown.
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Edit");
    expect(document.querySelector(".hover-tip__anchor")).not.toBeNull();
    expect(screen.getByRole("button")).toBe(button);
    expect(document.activeElement).toBe(button);
    fireEvent.blur(button);
    expect(document.querySelector(".hover-tip__anchor")).toBeNull();
  });
});

describe("code fetched on demand", () => {
  it("is fetched once, and again after a failure", async () => {
    let calls = 0;
    let fail = true;
    const module = lazyModule(async () => {
      calls += 1;
      if (fail) throw new Error("offline");
      return { value: 1 };
    });
    await expect(module.load()).rejects.toThrow("offline");
    fail = false;
    await expect(module.load()).resolves.toEqual({ value: 1 });
    await module.load();
    expect(calls).toBe(2);
    expect(module.current).toEqual({ value: 1 });
  });
});
