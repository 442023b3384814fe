import { cleanup, fireEvent, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { pushMessages } from "../../../resources/rooms/room-api";
import { sampleLive } from "../../../stories/lives-form/live-form-answers";
import { failEnvelope } from "../../../stories/mock-api";
import { freezeClock } from "../../kernel/support/clock";
import { formShown, openChange, openCreate, radio, radioGroup, serveLiveForm } from "./live-form-support";

// The sample lives' times are relative to this instant (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const panel = () => [...document.querySelectorAll("fieldset")].find((f) => f.querySelector("legend")?.textContent === "推流设置");
const manual = () => fireEvent.click(radio(radioGroup("推流方式"), "手动推流"));
const automatic = () => fireEvent.click(radio(radioGroup("推流方式"), "自动推流"));
const key = "1-501-k3J9xQ2mVb7LwT4pZs8NcY1rHd6Fa0Ge";

describe("the live form's push address (pushStreamType 1)", () => {
  it("says a new live gets its address once saved, and only while 手动推流 is chosen", async () => {
    const server = serveLiveForm();
    openCreate();
    await formShown();
    await waitFor(() => radioGroup("推流方式"));
    expect(panel()).toBeUndefined();
    manual();
    await waitFor(() => expect(panel()?.textContent).toContain("保存直播后生成推流地址"));
    automatic();
    await waitFor(() => expect(panel()).toBeUndefined());
    expect(server.of("GET", "/cms/livepush")).toHaveLength(0);
  });

  it("shows a manual live's address and key, each with a copy button", async () => {
    const server = serveLiveForm({ live: sampleLive(48, { Config: JSON.stringify({ pushStreamType: "1" }) }) });
    openChange();
    await formShown();
    await waitFor(() => expect(panel()?.textContent).toContain(key));
    const shown = panel()!;
    expect(shown.textContent).toContain("推流地址rtmp://lectern.example:1935/live");
    expect(shown.textContent).toContain(`推流密钥${key}`);
    expect(shown.querySelectorAll(".ant-typography-copy")).toHaveLength(2);
    expect(shown.textContent).not.toContain("保存修改后");
    expect(server.of("GET", "/cms/livepush")[0].query).toMatchObject({ liveid: 501 });
  });

  it("warns that a switch to manual push needs saving first, and shows the server's words when it has no ingest", async () => {
    serveLiveForm({ live: sampleLive(48) });
    openChange();
    await formShown();
    await waitFor(() => radioGroup("推流方式"));
    manual();
    await waitFor(() => expect(panel()?.textContent).toContain("保存修改后，才能用此地址推流"));

    cleanup();
    serveLiveForm({ live: sampleLive(48, { Config: JSON.stringify({ pushStreamType: "1" }) }), pushAnswer: failEnvelope(409, pushMessages.off) });
    openChange();
    await formShown();
    await waitFor(() => expect(panel()?.textContent).toContain(pushMessages.off));
    expect([...panel()!.querySelectorAll("button")].some((b) => b.textContent?.replace(/\s/g, "") === "重试")).toBe(true);
  });
});
