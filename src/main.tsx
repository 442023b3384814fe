import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { loadHosts } from "../providers/hosts";
import { App } from "./app/app";
import { blockContextMenu } from "./app/page-behaviour";
import "./app/global.css";

dayjs.locale("zh-cn");

blockContextMenu();

// Every call needs its host's base address, so nothing renders before the config is in
// (or has given up after its timeout and fallen back to this origin).
void loadHosts().finally(() => {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
