import { fireEvent } from "@testing-library/react";

/**
 * What a browser does with a paste into a text input: the text goes in, cut at the input's
 * `maxlength` when it has one (jsdom's `fireEvent.change` would set the whole text regardless,
 * hiding a cut a person meets). Answers the value the input then holds.
 */
export function paste(input: HTMLElement, text: string): string {
  const field = input as HTMLInputElement;
  const kept = field.maxLength >= 0 ? text.slice(0, field.maxLength) : text;
  fireEvent.change(field, { target: { value: kept } });
  return field.value;
}
