// The one compiler from a resource definition to what each side needs: the server's JSON Schemas
// (request validation), the console's form rules and initial values, and a definition's texts in
// a language. Plain data in and out; each part has a file of its own.
export * from "./compile/formRules";
export * from "./compile/localize";
export * from "./compile/schemas";
export * from "./compile/slug";
