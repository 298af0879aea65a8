import { createElement, memo, useContext, useEffect, type ReactElement } from "react";
// The context antd's ConfigProvider gives its icons (their class prefix and root class).
import IconContext from "@ant-design/icons/es/components/Context";
import { iconStyles } from "@ant-design/icons/es/utils";
import { updateCSS } from "rc-util/es/Dom/dynamicCSS";
import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/lib/types";

let stylesInserted = false;

const draw = (node: AbstractNode, key: string): ReactElement =>
  createElement(node.tag, { key, ...node.attrs }, ...(node.children ?? []).map((child, i) => draw(child, `${key}-${i}`)));

/**
 * An icon drawn as @ant-design/icons draws it (its span, classes and svg, so antd's styles apply)
 * without its component, whose every mount looks through the page's head to insert the icons'
 * stylesheet again: a list's rows mount dozens of icons at once, and on a phone that was a third
 * of the task that draws them. The stylesheet is inserted once, by the first icon drawn. For
 * outlined and filled icons (a two-tone one would take antd's default colours, not the page's).
 */
export function drawnIcon(definition: IconDefinition) {
  const svg = typeof definition.icon === "function" ? definition.icon("#1677ff", "#e6f4ff") : definition.icon;
  const body = draw({ ...svg, attrs: { ...svg.attrs, "data-icon": definition.name, width: "1em", height: "1em", fill: "currentColor", "aria-hidden": "true" } }, `svg-${definition.name}`);
  function DrawnIcon() {
    const { prefixCls = "anticon", rootClassName } = useContext(IconContext);
    useEffect(() => {
      if (stylesInserted) return;
      stylesInserted = true;
      updateCSS(prefixCls === "anticon" ? iconStyles : iconStyles.replace(/anticon/g, prefixCls), "@ant-design-icons", { prepend: true });
    }, [prefixCls]);
    const className = [rootClassName, prefixCls, `${prefixCls}-${definition.name}`].filter(Boolean).join(" ");
    return (
      <span role="img" aria-label={definition.name} className={className}>
        {body}
      </span>
    );
  }
  DrawnIcon.displayName = `Drawn(${definition.name})`;
  return memo(DrawnIcon);
}
