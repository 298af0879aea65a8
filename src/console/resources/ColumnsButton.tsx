import { Button, Checkbox, Popover } from "antd";
import { SettingOutlined } from "@ant-design/icons";
import { t } from "../../../providers/i18n";
import type { ListColumn } from "./ListTable";
import type { Row } from "./model";

/** "Columns": which of a list's columns to show, beside its search. The title column always shows. */
export function ColumnsButton({
  columns,
  titleKey,
  hidden,
  onChange,
}: {
  columns: readonly ListColumn<Row>[];
  titleKey: string;
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const choices = columns.filter((c) => c.key !== titleKey && c.key !== "actions");
  if (choices.length === 0) return null;
  const content = (
    <Checkbox.Group
      className="columns-choice"
      aria-label={t("resource.columns")}
      value={choices.map((c) => c.key).filter((key) => !hidden.includes(key))}
      options={choices.map((c) => ({ value: c.key, label: typeof c.title === "string" ? c.title : c.key }))}
      onChange={(shown) => onChange(choices.map((c) => c.key).filter((key) => !shown.includes(key)))}
    />
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />}>{t("resource.columns")}</Button>
    </Popover>
  );
}
