import type { ConfigProviderProps } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { theme } from "./theme";

/**
 * antd as every screen of the console has it (the app and Storybook): Chinese, the console's
 * colours, and the dialog's close button named in Chinese: rc-dialog writes aria-label "Close" on
 * it whatever the locale, and only a `closable` object's own aria-label replaces that.
 */
export const antdConfig: ConfigProviderProps = {
  locale: zhCN,
  theme,
  modal: { closable: { "aria-label": zhCN.global?.close } },
};
