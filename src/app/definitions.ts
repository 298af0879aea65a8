import { registry as definitions, resourceByName as byName } from "../../resources";
import { localizeDefinition } from "../../resources/compile";
import type { ResourceDefinition } from "../../resources/types";
import { getLocale } from "../../providers/i18n";

/**
 * Every definition with its texts in the console's language. Fixed for a page load: switching
 * the language loads the console anew.
 */
export const registry: readonly ResourceDefinition[] = definitions.map((d) => localizeDefinition(d, getLocale()));

export const resourceByName = (name: string | undefined) => byName(name, registry);
