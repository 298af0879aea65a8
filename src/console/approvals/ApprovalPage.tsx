import { useParams } from "react-router";
import type { ResourceDefinition } from "../../../resources/types";
import { ApprovalReview } from "./ApprovalReview";

/** /app/administration/approval-page/:id */
export function ApprovalPage({ definitions }: { definitions?: readonly ResourceDefinition[] }) {
  const { id } = useParams();
  return <ApprovalReview key={id} id={id ?? ""} definitions={definitions} />;
}
