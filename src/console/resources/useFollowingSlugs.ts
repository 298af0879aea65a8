// Slugs that fill themselves from their field's source (a post's address from its title) while
// a new record is written: the definition says which (`slugFrom`), the form only follows it.
import { useRef } from "react";
import type { FormInstance } from "antd";
import { slugify } from "../../../resources/compile";
import type { ResourceDefinition, TextField } from "../../../resources/types";

const followers = (definition: ResourceDefinition) =>
  definition.fields.filter((f): f is TextField & { slugFrom: string } => f.type === "text" && f.slugFrom !== undefined);

/**
 * The form's `onValuesChange` part that writes each following slug when its source changes. A
 * slug typed by the user is theirs and stops following; emptied, it follows again. Off (`enabled`
 * false) on an existing record: its slug may already be a published address.
 */
export function useFollowingSlugs(definition: ResourceDefinition, form: FormInstance, enabled: boolean) {
  const typed = useRef(new Set<string>());
  return (changed: Record<string, unknown>) => {
    if (!enabled) return;
    for (const field of followers(definition)) {
      // setFieldValue (below) reports no change: a change of the slug itself is the user's.
      if (field.name in changed) {
        if (changed[field.name]) typed.current.add(field.name);
        else typed.current.delete(field.name);
      } else if (field.slugFrom in changed && !typed.current.has(field.name)) {
        form.setFieldValue(field.name, slugify(String(changed[field.slugFrom] ?? ""), field.maxLength));
        // A message shown before ("Slug is required") goes once the slug is filled.
        if (form.getFieldError(field.name).length > 0) void form.validateFields([field.name]).catch(() => undefined);
      }
    }
  };
}
