// A table column's filter menu, as antd's Table draws it (the same Dropdown, Menu, Checkbox or Radio,
// buttons and class names) and with its behaviour: choices are kept while it is open, OK or
// closing it applies them, Reset clears them. A chunk of its own: a list's first rows do not need it.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
import { Button, Checkbox, Dropdown, Menu, Radio } from "antd";

const PREFIX = "ant-table-filter";

export interface ColumnFilterMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The choices; a key is the value as text. */
  options: { key: string; text: ReactNode }[];
  /** Several choices (checkboxes) or one (radio buttons). */
  multiple: boolean;
  /** The keys the list is filtered by now. */
  selected: string[];
  /** The chosen keys once applied, null for none; called only when they differ from `selected`. */
  onFilter: (keys: string[] | null) => void;
  words: { reset: ReactNode; confirm: ReactNode };
  /** The filter button the menu opens from. */
  children: ReactElement;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((key, i) => key === b[i]);

export function ColumnFilterMenu({ open, onOpenChange, options, multiple, selected, onFilter, words, children }: ColumnFilterMenuProps) {
  const [keys, setKeysState] = useState(selected);
  // What the menu holds right now (a close may come in the same tick as the last choice).
  const current = useRef(selected);
  const setKeys = (next: string[]) => {
    current.current = next;
    setKeysState(next);
  };
  // While it is open, a filter changed elsewhere (the address) shows here too.
  const selectedNow = selected.join("\u0000");
  useEffect(() => {
    if (open) setKeys(selected);
  }, [selectedNow]); // eslint-disable-line react-hooks/exhaustive-deps

  const apply = () => {
    const next = current.current.length > 0 ? current.current : null;
    if (next === null ? selected.length === 0 : same(next, selected)) return;
    onFilter(next);
  };
  const confirm = () => {
    onOpenChange(false);
    apply();
  };

  const menu = (
    // A click or Enter in the menu is not one on the column's header (which sorts).
    <div
      className={`${PREFIX}-dropdown`}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === "Enter") event.stopPropagation();
      }}
    >
      <Menu
        selectable
        multiple={multiple}
        prefixCls="ant-dropdown-menu"
        className="ant-dropdown-menu-without-submenu"
        selectedKeys={keys}
        onSelect={({ selectedKeys }) => setKeys(selectedKeys)}
        onDeselect={({ selectedKeys }) => setKeys(selectedKeys)}
        items={options.map(({ key, text }) => ({
          key,
          label: (
            <>
              {multiple ? <Checkbox checked={keys.includes(key)} /> : <Radio checked={keys.includes(key)} />}
              <span>{text}</span>
            </>
          ),
        }))}
      />
      <div className={`${PREFIX}-dropdown-btns`}>
        <Button type="link" size="small" disabled={keys.length === 0} onClick={() => setKeys([])}>
          {words.reset}
        </Button>
        <Button type="primary" size="small" onClick={confirm}>
          {words.confirm}
        </Button>
      </div>
    </div>
  );

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      open={open}
      onOpenChange={(next, info) => {
        if (info.source !== "trigger") return;
        if (next) {
          setKeys(selected);
          onOpenChange(true);
        } else confirm();
      }}
      popupRender={() => menu}
    >
      {children}
    </Dropdown>
  );
}
