import type { ConfigProviderProps } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { createElement } from "react";
import { RightOutlined } from "../components/icons";
import { motionTheme, reducedMotion } from "./reduced-motion";
import { theme } from "./theme";

/**
 * antd as every screen of the console has it (the app and Storybook): Chinese, the console's
 * colours, and the dialog's close button named in Chinese: rc-dialog writes aria-label "Close" on
 * it whatever the locale, and only a `closable` object's own aria-label replaces that. A
 * collapse's arrow is named "collapsed" or "expanded" in English, read before the panel's title;
 * its header already says whether it is open (aria-expanded), so the arrow is decorative.
 * A person who asked for less motion gets none (src/lib/reduced-motion.ts).
 */
export const antdConfig: ConfigProviderProps = {
  locale: zhCN,
  theme: motionTheme(theme, reducedMotion),
  modal: { closable: { "aria-label": zhCN.global?.close } },
  collapse: { expandIcon: ({ isActive }) => createElement(RightOutlined, { rotate: isActive ? 90 : undefined }) },
};
