import { Checkbox } from "antd";
import { t } from "../../../providers/i18n";

/**
 * "Select all N on this page", above a queue's table or grid. The table's own select-all sits in
 * its header, which antd's Table copies into a hidden row to measure the columns when it scrolls
 * sideways: a second, invisible checkbox in the tab order (and inside aria-hidden). So the table
 * hides its own (rowSelection.hideSelectAll) and shows this one, as the grid does.
 */
export function SelectAll({ ids, selected, onSelect }: { ids: number[]; selected: number[]; onSelect: (ids: number[]) => void }) {
  const all = ids.length > 0 && ids.every((id) => selected.includes(id));
  const some = ids.some((id) => selected.includes(id));
  return (
    <div className="queue-select-all">
      <Checkbox checked={all} indeterminate={some && !all} disabled={ids.length === 0} onChange={(e) => onSelect(e.target.checked ? ids : [])}>
        {t("approval.grid.selectAll", { count: ids.length })}
      </Checkbox>
    </div>
  );
}
