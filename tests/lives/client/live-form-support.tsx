import { fireEvent, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { liveChangeForm, liveCreateForm } from "../../../resources/lives/forms";
import { FormPage } from "../../../src/engine/form-page";
import { liveFormAnswers, type LiveFormAnswerOptions } from "../../../stories/lives-form/live-form-answers";
import { mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { formItem } from "../../courses/client/course-support";
import { renderPage } from "../../kernel/client/engine/support";

/** The stories' live-form answers behind the real providers, plus `extra` routes; every call is kept. */
export function serveLiveForm(options: LiveFormAnswerOptions = {}, extra: MockRoutes = []) {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter([...liveFormAnswers(options), ...extra], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { calls, of: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

export const openCreate = (query = "courseId=12&courseType=1") => renderPage("/createLive", <FormPage decl={liveCreateForm} />, `/createLive?${query}`);
export const openChange = (query = "liveId=501&courseType=1&courseId=12") => renderPage("/changeLive", <FormPage decl={liveChangeForm} />, `/changeLive?${query}`);

/** Waits for the form to be drawn: its title, and its own widgets, each loading with its chunk. */
export const formShown = () =>
  waitFor(() => {
    expect(document.querySelector("input#root_title")).toBeTruthy();
    expect(document.querySelectorAll("form .ant-picker input")).toHaveLength(2);
    expect(document.querySelector("form .live-config")).toBeTruthy();
  });

export const field = (label: string) => formItem(label);

/** Types a time into a picker and confirms it there, as a person typing would. */
export async function typeTime(label: string, text: string) {
  const input = field(label).querySelector("input")!;
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: "Enter", code: "Enter", keyCode: 13 });
  fireEvent.blur(input);
  await waitFor(() => expect(input.value).toBe(text));
}

export const typeTitle = (title: string) => fireEvent.change(document.querySelector("input#root_title")!, { target: { value: title } });

/** Opens a staff picker and picks the person whose option starts with `name`. */
export async function pickPerson(label: string, name: string) {
  // A multiple select stays open after a pick; pressing it again would close it.
  if (!field(label).querySelector(".ant-select-open")) fireEvent.mouseDown(field(label).querySelector(".ant-select-selector")!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")].find((o) =>
      o.textContent?.startsWith(name),
    );
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
  fireEvent.click(option);
}

/** The messages under the fields, top to bottom. */
export const fieldErrors = () => [...document.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent ?? "");

/** A button by its text (role queries over antd's forms are slow in jsdom), outside dialogs unless `within` one. */
export function button(text: string | RegExp, root: ParentNode = document): HTMLButtonElement | undefined {
  const matches = (b: HTMLButtonElement) => (typeof text === "string" ? b.textContent?.replace(/\s/g, "") === text : text.test(b.textContent ?? ""));
  return [...root.querySelectorAll<HTMLButtonElement>("button")].find((b) => matches(b) && (root !== document || !b.closest(".ant-modal")));
}

/** A radio group of the preference panels by its label. */
export function radioGroup(label: string): HTMLElement {
  const labelNode = [...document.querySelectorAll<HTMLElement>(".live-config-label")].find((node) => node.textContent === label);
  if (!labelNode) throw new Error(`no setting ${label}`);
  return document.querySelector<HTMLElement>(`[aria-labelledby="${labelNode.id}"]`)!;
}

/** The radio input of a group with this text. */
export const radio = (group: HTMLElement, text: string) =>
  [...group.querySelectorAll<HTMLLabelElement>("label")].find((l) => l.textContent === text)!.querySelector("input") as HTMLInputElement;

export const toasts = () => document.querySelector(".ant-message")?.textContent ?? "";

/** Waits for an element to be on the page, and answers it. */
export const found = (selector: string) =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    return element;
  });

/** Waits for a button by its text, and answers it. */
export const findButton = (text: string | RegExp, root?: ParentNode) =>
  waitFor(() => {
    const found = button(text, root);
    if (!found) throw new Error(`no button ${String(text)}`);
    return found;
  });
