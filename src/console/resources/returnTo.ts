// A form opened from a list goes back to that list when it is saved or cancelled: the same view,
// page, filters and search. The list puts where it is into the link's history state; the form
// reads it back. Without it (a bookmark, a link from elsewhere), the record's own list is used.
import { useLocation } from "react-router";

export interface ReturnState {
  from: string;
}

/** The state a link from this screen carries: this screen's path and query. */
export function useReturnState(): ReturnState {
  const { pathname, search } = useLocation();
  return { from: pathname + search };
}

/** The list to go back to, if the state names one inside the console. */
export function returnPath(state: unknown): string | null {
  const from = (state as Partial<ReturnState> | null)?.from;
  return typeof from === "string" && from.startsWith("/app/") && !from.startsWith("//") ? from : null;
}
