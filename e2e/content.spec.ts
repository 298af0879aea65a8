// One spec over every content type the server's engine serves: each is created, found, edited and
// refused exactly as its definition says, through the screens generated from that definition.
import { expect, test, type Locator, type Page } from "@playwright/test";
import type { Field, ResourceDefinition } from "../resources/types";
import { loadDefinitions } from "../server/definitions/load";
import { editsInPage } from "../src/console/resources/model";
import { DEMO, E2E_ACCOUNTS } from "./accounts";
import { openSignedIn } from "./fixtures";

/** A form's primary button: with approval, saving submits the change for review and says so. */
const saveLabel = (definition: ResourceDefinition) => (definition.approval ? "Submit for review" : "Save");

const definitions = await loadDefinitions();
/** A 1×1 PNG, for required image fields. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const readOnly = E2E_ACCOUNTS.find((a) => a.username === "e2e-readonly")!;

/** Who writes each area at JKT01 in the demo seed: the editor where the role allows, else the manager. */
function writerFor(definition: ResourceDefinition) {
  return ["content_management", "career_management"].includes(definition.permissionKey)
    ? { ...DEMO.editor, center: "Content Editor - Jakarta Kemang" }
    : { ...DEMO.manager, center: "Center Manager - Jakarta Kemang" };
}

const listPath = (d: ResourceDefinition) => d.routes.list ?? d.views![0].path;
const listHeading = (d: ResourceDefinition) => (d.routes.list ? d.labelPlural : d.views![0].label);
const unique = () => Date.now().toString(36);

/** A valid value for a field, typed the way a person would. */
async function fill(form: Locator | Page, field: Field, value: string) {
  if (field.type === "richtext") {
    const editor = form.getByRole("textbox", { name: field.label, exact: true });
    await editor.click();
    await editor.pressSequentially(value);
    return;
  }
  await form.getByLabel(field.label, { exact: true }).fill(value);
}

/** Where the form is: its own page, or a drawer over the list (whose headers share the labels). */
const formOf = (page: Page, definition: ResourceDefinition) =>
  editsInPage(definition) || definition.singleton ? page.getByRole("main") : page.getByRole("dialog");

function sample(field: Field, tag: string): string | null {
  switch (field.type) {
    case "text":
      if (field.pattern && field.placeholder) return field.unique ? `${field.placeholder}-${tag}` : field.placeholder;
      return `E2E ${field.label} ${tag}`;
    case "textarea":
    case "richtext":
      return `E2E ${field.label} ${tag}: written by the browser test.`;
    case "url":
      return `https://example.com/e2e-${tag}`;
    case "email":
      return `e2e-${tag}@example.com`;
    default:
      return null;
  }
}

/** Fills the title and every required field that has no default. */
async function fillRequired(page: Page, form: Locator, definition: ResourceDefinition, tag: string, preset: Record<string, string>) {
  for (const field of definition.fields) {
    const needed = field.name === definition.titleField || (field.required && !("default" in field) && !(field.name in preset));
    if (!needed) continue;
    if (field.type === "image") {
      const chooser = page.waitForEvent("filechooser");
      await form.getByRole("button", { name: /Upload image/ }).click();
      await (await chooser).setFiles({ name: `${tag}.png`, mimeType: "image/png", buffer: PNG });
      await expect(form.getByRole("img", { name: field.label })).toBeVisible();
      continue;
    }
    const value = sample(field, tag);
    if (value === null) throw new Error(`No sample for required ${field.type} field ${definition.name}.${field.name}`);
    await fill(form, field, value);
  }
}

const titleField = (d: ResourceDefinition) => d.fields.find((f) => f.name === d.titleField)!;

for (const definition of definitions) {
  test.describe(definition.labelPlural, () => {
    const writer = writerFor(definition);

    test(`a ${definition.label.toLowerCase()} is created, found, edited and checked`, async ({ page }) => {
      const tag = unique();
      const title = titleField(definition);
      const preset = definition.views?.[0]?.preset ?? {};
      await openSignedIn(page, writer, writer.center);
      await page.goto(listPath(definition));
      await expect(page.getByRole("heading", { name: listHeading(definition) })).toBeVisible();

      if (definition.singleton) {
        // One per center: the center's record is the form itself.
        const value = sample(title, tag)!;
        const form = formOf(page, definition);
        await form.getByLabel(title.label, { exact: true }).fill("");
        await form.getByRole("button", { name: saveLabel(definition) }).click();
        await expect(form.getByText(`${title.label} is required`)).toBeVisible();
        await fill(form, title, value);
        await page.getByRole("button", { name: saveLabel(definition) }).click();
        // An image's upload toasts "Success" too; the reload below checks what was saved.
        await expect(page.getByText("Success").first()).toBeVisible();
        await page.reload();
        await expect(page.getByLabel(title.label, { exact: true })).toHaveValue(value);
        return;
      }

      await page.getByRole("button", { name: `New ${definition.label.toLowerCase()}` }).click();
      const form = formOf(page, definition);
      // A required field left empty is marked beside the field, and nothing is sent.
      await form.getByRole("button", { name: saveLabel(definition) }).click();
      await expect(form.getByText(`${title.label} is required`)).toBeVisible();

      await fillRequired(page, form, definition, tag, preset);
      await form.getByRole("button", { name: saveLabel(definition) }).click();
      // An image's upload toasts "Success" too: landing on the list says the save went through.
      await expect(page.getByText("Success").first()).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${listPath(definition)}`));

      const created = sample(title, tag)!;
      await page.getByRole("searchbox", { name: /Search/ }).fill(tag);
      await page.getByRole("searchbox", { name: /Search/ }).press("Enter");
      await expect(page.getByRole("row").filter({ hasText: created })).toHaveCount(1);

      await page.getByRole("row").filter({ hasText: created }).getByText(created).click();
      const edited = `${created} (edited)`;
      await formOf(page, definition).getByLabel(title.label, { exact: true }).fill(edited);
      await formOf(page, definition)
        .getByRole("button", { name: saveLabel(definition) })
        .click();
      await expect(page.getByText("Success").first()).toBeVisible();
      await page.goto(`${listPath(definition)}`);
      await page.getByRole("searchbox", { name: /Search/ }).fill(tag);
      await page.getByRole("searchbox", { name: /Search/ }).press("Enter");
      await expect(page.getByRole("row").filter({ hasText: edited })).toHaveCount(1);
    });

    test(`a read-only role sees no way to create a ${definition.label.toLowerCase()}, and the server refuses one`, async ({ page }) => {
      await openSignedIn(page, readOnly, "Read Only - Jakarta Kemang");
      await page.goto(listPath(definition));
      await expect(page.getByRole("heading", { name: listHeading(definition) })).toBeVisible();
      // The screen has loaded: the center's record, read-only, for a singleton, else the list.
      await expect(
        definition.singleton ? page.getByRole("main").getByText(titleField(definition).label, { exact: true }).first() : page.getByRole("table"),
      ).toBeVisible();
      // The centre's record is shown, not a form (a list keeps its search box).
      if (definition.singleton) await expect(page.getByRole("main").getByRole("textbox")).toHaveCount(0);
      await expect(page.getByRole("button", { name: `New ${definition.label.toLowerCase()}` })).toHaveCount(0);
      await expect(page.getByRole("button", { name: saveLabel(definition) })).toHaveCount(0);

      const token = await page.evaluate(() => JSON.parse(localStorage.getItem("cc.user")!).token as string);
      const response = await page.request.post(`/api/${definition.name}`, {
        headers: { Authorization: `Bearer ${token}`, "X-Center-Code": "JKT01" },
        data: {},
      });
      expect(response.status()).toBe(403);
    });
  });
}
