import { expect, waitFor, within } from "storybook/test";
import { schemaProblems } from "../../src/engine/schema-check";
import type { SchemaFile } from "../../src/engine/validator";

/** The validation messages a form shows, top to bottom. */
export const formErrors = (root: HTMLElement) =>
  [...root.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);

/**
 * The messages a schema gives `values`, in the schema's field order: what the form must show.
 * Read from the schema so a story never restates a message the schema owns.
 */
export const schemaMessages = (values: Record<string, unknown>, schema: SchemaFile) =>
  schemaProblems(schema, values).map((failure) => failure.message);

/** The open tab's pane (the other tab's form stays mounted once visited). */
export const activeTabPane = (root: HTMLElement) => {
  const pane = root.querySelector<HTMLElement>("[role=tabpanel]:not([hidden])");
  if (!pane) throw new Error("no active tab pane");
  return pane;
};

/** Two-character antd button labels get a space between the characters. */
export const buttonName = (label: string) => new RegExp(`^${[...label].join("\\s?")}$`);

/**
 * Waits until `text` is on screen and opaque: antd fades toasts and form messages in,
 * so a first look can find them present but still transparent.
 */
export async function expectShown(scope: HTMLElement, text: string | RegExp) {
  await waitFor(() => expect(within(scope).getByText(text)).toBeVisible(), { timeout: 3000 });
}

/** A toast (antd `message`), which renders outside the story's root. */
export const expectToast = (text: string | RegExp) => expectShown(document.body, text);
