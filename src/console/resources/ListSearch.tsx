import { useRef, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent } from "react";
import { Button, theme } from "antd";
import { CloseCircleFilled, SearchOutlined } from "@ant-design/icons";

/**
 * A list's search box: antd's `Input.Search allowClear` as it draws (its class names, so antd's input
 * styles in the built stylesheet apply) and behaves: Enter or the search button searches, the clear
 * button empties it and searches again, and focus stays in the box. antd's Input brings its Form
 * context along (rc-field-form, ~11 KB gzip with the input itself) that a list's first rows do not need.
 */
export function ListSearch({ value, onChange, onSearch, placeholder, className, ...aria }: {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  onSearch: (value: string) => void;
  placeholder?: string;
  className?: string;
  "aria-label"?: string;
}) {
  const { hashId } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [focused, setFocused] = useState(false);
  // Enter while an input method is composing a word ends the word, not the search.
  const composing = useRef(false);
  // A press on the buttons leaves the focus in the box.
  const keepFocus = (event: MouseEvent) => {
    if (document.activeElement === input.current) event.preventDefault();
  };
  return (
    <span className={`ant-input-group-wrapper ant-input-group-wrapper-outlined ${hashId} ant-input-search${className ? ` ${className}` : ""}`}>
      <span className={`ant-input-wrapper ant-input-group ${hashId}`}>
        <span
          className={`ant-input-affix-wrapper ${hashId} ant-input-outlined${focused ? " ant-input-affix-wrapper-focused" : ""}`}
          onClick={() => input.current?.focus()}
        >
          <input
            ref={input}
            {...aria}
            placeholder={placeholder}
            className={`ant-input ${hashId}`}
            type="search"
            value={value}
            onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event)}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onCompositionStart={() => (composing.current = true)}
            onCompositionEnd={() => (composing.current = false)}
            onKeyDown={(event: KeyboardEvent) => {
              if (event.key === "Enter" && !composing.current) onSearch(value);
            }}
          />
          <span className="ant-input-suffix">
            <button
              type="button"
              tabIndex={-1}
              className={value ? "ant-input-clear-icon" : "ant-input-clear-icon ant-input-clear-icon-hidden"}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                onChange({ target: { value: "" } });
                onSearch("");
                input.current?.focus();
              }}
            >
              <CloseCircleFilled />
            </button>
          </span>
        </span>
        <span className="ant-input-group-addon">
          <Button className="ant-input-search-button" icon={<SearchOutlined />} onMouseDown={keepFocus} onClick={() => onSearch(value)} />
        </span>
      </span>
    </span>
  );
}
