import { InputNumber, type InputNumberProps } from "antd";
import { useLayoutEffect, useRef } from "react";

/**
 * antd's number box with its step buttons named in Chinese: rc-input-number writes "Increase
 * Value" and "Decrease Value" on them, and no prop or locale says otherwise. React leaves the
 * names alone once set (the library's own never change), and they are set again after every render.
 */
export function NumberInput<T extends number | string = number>(props: InputNumberProps<T>) {
  const input = useRef<HTMLInputElement & { nativeElement: HTMLElement }>(null);
  useLayoutEffect(() => {
    const box = input.current?.nativeElement;
    box?.querySelector(".ant-input-number-handler-up")?.setAttribute("aria-label", "增加");
    box?.querySelector(".ant-input-number-handler-down")?.setAttribute("aria-label", "减少");
  });
  return <InputNumber<T> ref={input} {...props} />;
}
