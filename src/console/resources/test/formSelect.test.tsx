// A required choice says so on its combobox alone: antd 5's Select would also write aria-required
// on its outer box, where no role allows it (axe-core: aria-allowed-attr, critical).
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { Form } from "antd";
import type { Field } from "../../../../resources/types";
import { FormField } from "../inputs/FormField";

const kind: Field = {
  name: "kind",
  label: "Kind",
  type: "select",
  required: true,
  options: [
    { value: "news", label: "News" },
    { value: "event", label: "Event" },
  ],
};

describe("a required select in a form", () => {
  it("carries aria-required on its combobox and nowhere else", () => {
    const { container } = render(
      <Form>
        <FormField field={kind} mode="create" />
      </Form>,
    );
    const combobox = screen.getByRole("combobox", { name: "Kind" });
    expect(combobox).toHaveAttribute("aria-required", "true");
    expect([...container.querySelectorAll("[aria-required]")]).toEqual([combobox]);
  });

  it("and a multiple choice too", () => {
    const { container } = render(
      <Form>
        <FormField field={{ ...kind, type: "multiselect", maxItems: 2 } as Field} mode="create" />
      </Form>,
    );
    const combobox = screen.getByRole("combobox", { name: "Kind" });
    expect(combobox).toHaveAttribute("aria-required", "true");
    expect([...container.querySelectorAll("[aria-required]")]).toEqual([combobox]);
  });
});
