import type { FormWidgets } from "./FormField";
import { AssignmentsInput } from "./AssignmentsInput";
import { ImageInput } from "./ImageInput";
import { PermissionsMatrix } from "./PermissionsMatrix";

/** The form-only inputs, loaded with the form itself so its fields never wait (see FormWidgets). */
export const FORM_WIDGETS: FormWidgets = { image: ImageInput, assignments: AssignmentsInput, permissions: PermissionsMatrix };
