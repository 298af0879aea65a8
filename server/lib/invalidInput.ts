/**
 * Input the domain cannot use, with a message per field. Thrown below the HTTP layer (query
 * building, validation); the error handler answers it as a 400 with those field messages.
 */
export class InvalidInput extends Error {
  override name = "InvalidInput";
  constructor(public errors: Record<string, string>) {
    super("Validation failed");
  }
}
