import { access, defineCalls } from "../kernel/call";
import { roomViewer } from "../rooms/calls";
import { timeMachineApi, timeMachineKey, timeMachineSettings } from "./time-machine";

/**
 * The time machine's calls (issue 20 items 5, 11): the room's upload of a frame, made with the
 * teacher's room token, and the organisation's reading of a live's frames and their bytes.
 */
export const timeMachineCalls = defineCalls("time-machine", {
  capture: {
    endpoint: timeMachineApi.capture,
    query: "room.token.query",
    access: roomViewer,
    limits: ["roomPerIp"],
    summary: `The teacher's room uploads a frame of its stream (one JPEG file field, at most ${timeMachineSettings.maxBytes / 1024 / 1024} MB, ${timeMachineSettings.burst} a person in a period of FOOTMARK_SECONDS): {ts, next_ms}`,
  },
  footmark: {
    endpoint: timeMachineApi.footmark,
    query: "live.id.query",
    access: access.menu([timeMachineKey]),
    summary: "A live's frames (2 §7 teacherfootmark): {title, timesort, imagelist}",
  },
  image: {
    endpoint: timeMachineApi.image,
    access: access.menu([timeMachineKey]),
    summary: "A frame's JPEG, for the staff of the live's organisation (its name is random; another organisation's answers 404)",
    answer: "image",
  },
});
