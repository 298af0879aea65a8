import { ConfigProvider, DatePicker, type DatePickerProps } from "antd";
import { useAtLeast } from "./useWidth";

/**
 * antd's day panel beside its hour and minute columns is about 400 px wide: on a 390 px phone part
 * of it is always off the screen. Below `md` its documented size tokens make it about 330 px, so
 * it fits with a margin. The provider is always there (only its theme changes), so a resize does
 * not remount an open picker.
 */
const NARROW = { components: { DatePicker: { cellWidth: 30, timeColumnWidth: 40 } } };
const AS_IS = {};

/** A day and a time, picked in one panel: antd's DatePicker with `showTime`, sized to fit a phone. */
export function DateTimePicker({ showTime = { format: "HH:mm" }, ...props }: DatePickerProps) {
  const wide = useAtLeast("md");
  return (
    <ConfigProvider theme={wide ? AS_IS : NARROW}>
      <DatePicker showTime={showTime} {...props} />
    </ConfigProvider>
  );
}
