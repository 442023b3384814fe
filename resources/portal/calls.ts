import { access, defineCalls } from "../kernel/call";
import { portalApi } from "./portal";

/** The portal's people: a teacher, assistant or student identity (no admin). */
const portal = access.identity("teacher", "assistant", "student");

/**
 * The portal's calls (2 §7 "Portal"). Declared calls: what a person sees is decided by who they
 * are (staff of a live, or its student), not by a table an admin edits; the account calls change
 * the person's own rows (`persons`, `sessions`), and count as the sign-in and code calls count.
 */
export const portalCalls = defineCalls("portal", {
  lives: { endpoint: portalApi.lives, query: "portal.range.query", access: portal, summary: "The person's rooms beginning in a range, with status and countdown" },
  liveDates: { endpoint: portalApi.liveDates, query: "portal.range.query", access: portal, summary: "The days in a range holding one of the person's lives" },
  classes: { endpoint: portalApi.classes, query: "portal.classes.query", access: portal, summary: "The person's courses in progress (time_out 0) or ended (1)" },
  classRooms: { endpoint: portalApi.classRooms, query: "portal.class-rooms.query", access: portal, summary: "The rooms of one of the person's courses" },
  groups: { endpoint: portalApi.groups, query: "portal.groups.query", access: portal, summary: "The organisations the person acts in with a role" },
  groupMessages: {
    endpoint: portalApi.groupMessages,
    query: "portal.group-messages.query",
    access: portal,
    summary: "Message groups with their last message, and a page of one group's messages",
  },
  // It names no mobile: the account's own is counted by a wrong old password, as a wrong sign-in is (services/login-guards.ts).
  password: {
    endpoint: portalApi.password,
    body: "portal.passwd",
    access: portal,
    limits: ["signInPerIp"],
    summary: "Change the person's password; signs out their other sessions",
  },
  mobileCode: {
    endpoint: portalApi.mobileCode,
    body: "portal.mobile-code",
    access: portal,
    limits: ["codesPerIp"],
    summary: "SMS code to a new mobile, behind its graphic captcha",
  },
  mobile: {
    endpoint: portalApi.mobile,
    body: "portal.mobile",
    access: portal,
    limits: ["signInPerIp", "signInPerMobile"],
    summary: "Move the person's sign-in mobile to one proven by an SMS code",
  },
  nickname: { endpoint: portalApi.nickname, body: "portal.nickname", access: portal, summary: "Change the person's nickname" },
  feedStatus: { endpoint: portalApi.feedStatus, access: portal, summary: "Whether the identity has a calendar address" },
  feedCreate: { endpoint: portalApi.feedCreate, access: portal, summary: "A new secret calendar address; the old one stops working" },
  feedRevoke: { endpoint: portalApi.feedRevoke, access: portal, summary: "Stop the identity's calendar address" },
  // A calendar app fetches it with no session; fetches are bounded per address and per client address.
  feed: {
    endpoint: portalApi.feed,
    access: access.credential("feedSecret", "the secret of the calendar address (issue 11 item 5), made by its portal identity and kept only as a hash"),
    limits: ["feedPerIp", "feedPerSecret"],
    answer: "text",
    summary: "The identity's lives of the past 30 and next 90 days as iCalendar; the secret in the address is the credential",
  },
});
