import { lazy, Suspense, type ComponentType } from "react";
import { DatePicker, Form, Input, InputNumber, Skeleton, Switch } from "antd";
import type { Dayjs } from "dayjs";
import { fieldDependencies, formRules } from "../../../../resources/compile";
import type { Field, ResourceDefinition } from "../../../../resources/types";
import { dayjs } from "../../../lib/dates";
import { formatInputNumber, parseInputNumber } from "../../../lib/format";
import { getLocale, t } from "../../../../providers/i18n";
import { CountedHelp } from "../../layout/CountedHelp";
import { DateTimePicker } from "../../layout/DateTimePicker";
import { FormSelect } from "./FormSelect";
import { ReferenceSelect } from "./ReferenceSelect";

// The editor (ProseMirror) loads only when a form with rich text opens.
const RichTextEditor = lazy(() => import("./RichTextInput"));

/** Form.Item hands value/onChange to its direct child, so the Suspense boundary sits inside. */
function RichTextInput(props: { label: string; value?: string | null; onChange?: (html: string | null) => void; id?: string }) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 160 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

/**
 * Inputs only a record's form has: an image upload, a user's centers, a role's matrix. The form
 * hands them in (ResourceForm, from ./formWidgets); a list, whose record actions also draw fields
 * here, does not load them, and one used without them loads on first use.
 */
export interface FormWidgets {
  image: ComponentType<{ label: string }>;
  assignments: ComponentType;
  permissions: ComponentType;
}

function onFirstUse<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}

const widgetsOnFirstUse: FormWidgets = {
  image: onFirstUse(async () => (await import("./ImageInput")).ImageInput),
  assignments: onFirstUse(async () => (await import("./AssignmentsInput")).AssignmentsInput),
  permissions: onFirstUse(async () => (await import("./PermissionsMatrix")).PermissionsMatrix),
};

const DATE_FORMATS = ["D MMM YYYY", "YYYY-MM-DD", "D/M/YYYY", "D-M-YYYY"];
const DATETIME_FORMATS = ["D MMM YYYY HH:mm", "YYYY-MM-DD HH:mm", "YYYY-MM-DDTHH:mm", "YYYY-MM-DD H:mm", "D/M/YYYY HH:mm", "D MMM YYYY H:mm"];

function widget(field: Field, { image: ImageInput, assignments: AssignmentsInput, permissions: PermissionsMatrix }: FormWidgets) {
  switch (field.type) {
    case "text":
      if (field.secret) return <Input.Password maxLength={field.maxLength} autoComplete="new-password" />;
      return <Input maxLength={field.maxLength} showCount={!!field.maxLength && field.maxLength > 60} placeholder={field.placeholder} />;
    case "email":
      return <Input type="email" maxLength={field.maxLength} autoComplete="off" placeholder={field.placeholder} />;
    case "url":
      return <Input type="url" maxLength={field.maxLength} placeholder={field.placeholder ?? "https://"} />;
    case "textarea":
      return <Input.TextArea maxLength={field.maxLength} showCount={!!field.maxLength} autoSize={{ minRows: 2, maxRows: 8 }} placeholder={field.placeholder} />;
    case "richtext":
      return <RichTextInput label={field.label} />;
    case "number":
      return (
        <InputNumber
          style={{ width: "100%" }}
          min={field.min}
          max={field.max}
          precision={field.integer ? 0 : undefined}
          // Grouped like every number the console shows; left alone while the user types.
          formatter={(value, info) => (info.userTyping ? info.input : formatInputNumber(value))}
          // antd reads the parsed text as a number itself (an empty text is no value, not 0).
          parser={(text) => parseInputNumber(text) as unknown as number}
        />
      );
    case "boolean":
      return <Switch />;
    // The first format is how a value shows; the others are what may be typed. A typed value is
    // kept on Enter or when the field loses focus (Tab). A day and a time picked in the panel
    // wait for its OK, so choosing the day first does not close it before the time.
    case "date":
      return <DatePicker style={{ width: "100%" }} format={DATE_FORMATS} needConfirm={false} placeholder={field.placeholder} />;
    case "datetime":
      return <DateTimePicker style={{ width: "100%" }} format={DATETIME_FORMATS} needConfirm placeholder={field.placeholder ?? t("resource.chooseDateTime")} />;
    case "select":
      return <FormSelect options={field.options.map((o) => ({ ...o }))} allowClear={!field.required} placeholder={field.placeholder} />;
    case "multiselect":
      return field.options ? (
        <FormSelect mode="multiple" options={field.options.map((o) => ({ ...o }))} maxCount={field.maxItems} placeholder={field.placeholder} />
      ) : (
        <FormSelect mode="tags" tokenSeparators={[","]} maxCount={field.maxItems} open={false} suffixIcon={null} />
      );
    case "image":
      return <ImageInput label={field.label} />;
    case "reference":
      return <ReferenceSelect resource={field.resource} allowClear={!field.required} />;
    case "assignments":
      return <AssignmentsInput />;
    case "permissions":
      return <PermissionsMatrix />;
  }
}

/** How a stored value maps to the widget's value and back (dates are strings on the wire). */
function valueMapping(field: Field) {
  if (field.type === "date") {
    return {
      getValueProps: (value: unknown) => ({ value: value ? dayjs(String(value)) : null }),
      normalize: (value: Dayjs | null) => (value ? value.format("YYYY-MM-DD") : null),
    };
  }
  if (field.type === "datetime") {
    return {
      getValueProps: (value: unknown) => ({ value: value ? dayjs(String(value)) : null }),
      normalize: (value: Dayjs | null) => (value ? value.second(0).millisecond(0).toISOString() : null),
    };
  }
  if (field.type === "boolean") return { valuePropName: "checked" };
  return {};
}

/** One field of a form; with its definition, the rules between fields (an end after its start) too. */
export function FormField({
  field,
  mode,
  definition,
  widgets = widgetsOnFirstUse,
}: {
  field: Field;
  mode: "create" | "edit";
  definition?: ResourceDefinition;
  widgets?: FormWidgets;
}) {
  if (field.createOnly && mode === "edit") return null;
  return (
    <Form.Item
      name={field.name}
      label={field.label}
      extra={field.type === "textarea" && field.maxLength && field.help ? <CountedHelp>{field.help}</CountedHelp> : field.help}
      rules={formRules(field, mode, getLocale(), definition)}
      // Re-checked when the field it is compared with changes.
      dependencies={definition ? fieldDependencies(definition, field.name) : undefined}
      validateFirst
      {...valueMapping(field)}
    >
      {widget(field, widgets)}
    </Form.Item>
  );
}
