// The start form: name, how to reach them and the question; on success, the thread.
import { MESSAGE_MAX, NAME_MAX, type WidgetCenter } from "../../protocol/chat.js";
import { startFieldOf, validateStart, type StartField } from "../logic.js";
import { h } from "./dom.js";
import type { Frame } from "./frame.js";

export function showStart(frame: Frame, info: WidgetCenter, prefill: string): void {
  const { doc, t, api, lang, page, referrer } = frame;
  frame.setCenterName(info.center_name);
  const fields: Record<StartField, { control: HTMLInputElement | HTMLTextAreaElement; error: HTMLElement; wrap: HTMLElement }> = {
    name: field("name", t.name, h(doc, "input", { type: "text", autocomplete: "name", maxlength: String(NAME_MAX), "aria-required": "true" })),
    contact: field("contact", t.contact, h(doc, "input", { type: "text", autocomplete: "email", inputmode: "email", maxlength: "254" })),
    message: field("message", t.message, h(doc, "textarea", { rows: "4", maxlength: String(MESSAGE_MAX), "aria-required": "true" })),
  };
  fields.message.control.value = prefill;
  const formError = h(doc, "p", { class: "cc-form-error", role: "alert" });
  const submit = h(doc, "button", { type: "submit", class: "cc-primary" }, t.send);
  // The fields scroll; Send stays at the foot of the frame, however long the errors make the form.
  const form = h(
    doc,
    "form",
    { class: "cc-start", novalidate: "" },
    h(doc, "div", { class: "cc-start-fields" }, h(doc, "p", { class: "cc-intro" }, t.intro), fields.name.wrap, fields.contact.wrap, fields.message.wrap),
    h(doc, "div", { class: "cc-start-actions" }, formError, submit, frame.hoursLine(info.opening_hours)),
  );

  function field(name: StartField, label: string, control: HTMLInputElement | HTMLTextAreaElement) {
    const id = `cc-${name}`;
    control.id = id;
    control.name = name;
    control.setAttribute("aria-describedby", `${id}-error`);
    const error = h(doc, "p", { class: "cc-field-error", id: `${id}-error` });
    const wrap = h(doc, "div", { class: "cc-field" }, h(doc, "label", { for: id }, label), control, error);
    return { control, error, wrap };
  }

  function showErrors(errors: Partial<Record<StartField | "form", string>>): void {
    for (const [name, { control, error }] of Object.entries(fields)) {
      const message = errors[name as StartField] ?? "";
      error.textContent = message;
      if (message) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
    formError.textContent = errors.form ?? "";
    const first = (["name", "contact", "message"] as const).find((name) => errors[name]);
    if (first) fields[first].control.focus();
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const checked = validateStart(
      { name: fields.name.control.value, contact: fields.contact.control.value, message: fields.message.control.value },
      { lang, page, referrer },
      t,
    );
    if (checked.errors) return showErrors(checked.errors);
    showErrors({});
    submit.disabled = true;
    submit.textContent = t.sending;
    const answer = await api.start(frame.center, checked.body);
    submit.disabled = false;
    submit.textContent = t.send;
    if (answer.status === 200 && answer.data) {
      const { token, conversation, messages } = answer.data;
      frame.tokens.set(token);
      return frame.showThread(token, info, conversation.status, messages, false);
    }
    if (answer.status === 404) return frame.showUnavailable();
    if (answer.status === 400) {
      const errors: Partial<Record<StartField | "form", string>> = {};
      for (const [name, message] of Object.entries(answer.errors)) {
        const target = startFieldOf(name);
        errors[target] = errors[target] ? `${errors[target]}; ${message}` : message;
      }
      if (Object.keys(errors).length === 0) errors.form = answer.message || t.failed;
      return showErrors(errors);
    }
    showErrors({ form: answer.status === 429 ? t.tooMany : answer.status === 0 ? t.offline : t.failed });
  });

  frame.show(form);
  frame.setPrimary(fields.name.control);
}
