import { useImperativeHandle, useLayoutEffect, useRef, type Ref } from "react";
import { Select, type RefSelectProps, type SelectProps } from "antd";

/**
 * antd's Select as a form's field. Form.Item hands a required field's control aria-required, and
 * antd 5's Select writes every aria-* prop twice: on its combobox, where it belongs, and on its
 * outer box, which has no role and may not carry it (antd issues 46030 and 49508; antd 6
 * writes it on the combobox alone). The box's copy is taken off after each render, through the
 * element the Select hands out as `nativeElement`; the combobox keeps its own.
 */
export function FormSelect({ ref, ...props }: SelectProps & { ref?: Ref<RefSelectProps> }) {
  const select = useRef<RefSelectProps>(null);
  // Form.Item focuses and scrolls to the field through this ref.
  useImperativeHandle(ref, () => select.current as RefSelectProps);
  useLayoutEffect(() => {
    select.current?.nativeElement?.removeAttribute("aria-required");
  });
  return <Select ref={select} {...props} />;
}
