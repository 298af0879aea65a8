import type { ThemeConfig } from "antd";

export const theme: ThemeConfig = {
  token: {
    colorPrimary: "#1d3b6f",
    colorLink: "#2a5db0",
    borderRadius: 8,
    fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  components: {
    Menu: { itemSelectedBg: "#e6edf8", itemSelectedColor: "#1d3b6f", itemActiveBg: "#eef2f9" },
  },
};
