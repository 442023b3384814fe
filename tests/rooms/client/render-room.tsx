import { render } from "@testing-library/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { RoomSite } from "../../../src/features/rooms/site/room-site";
import { RoomTransport } from "../../../src/features/rooms/site/room-transport";
import { scriptedTransport, type RoomScript } from "../../../stories/rooms/scripted-room";

/** The room site at /room/?token=T-1, its WebSocket played from `script`; the transport, to push more. */
export function renderRoom(script: RoomScript) {
  const transport = scriptedTransport(script);
  render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={["/room/?token=T-1"]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RoomTransport.Provider value={transport.open}>
          <Routes>
            <Route path="/room/*" element={<RoomSite />} />
          </Routes>
        </RoomTransport.Provider>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return transport;
}
