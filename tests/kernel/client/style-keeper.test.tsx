import { act, render } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { keepStyles, StyleKeepers } from "../../../src/components/style-keeper";

describe("the style keeper", () => {
  it("keeps one instance of each named part mounted once the browser is idle, outside the document", async () => {
    const mounts: string[] = [];
    const unmounts: string[] = [];
    const seen: (Element | null)[] = [];
    function Part() {
      useEffect(() => {
        mounts.push("part");
        seen.push(document.getElementById("kept-part"));
        return () => void unmounts.push("part");
      }, []);
      return <span id="kept-part">kept</span>;
    }
    const { rerender, unmount } = render(<StyleKeepers />);
    keepStyles(Part);
    keepStyles(Part);
    // Not before the idle moment: the screen that named it paints first.
    expect(mounts).toEqual([]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(mounts).toEqual(["part"]);
    // Rendered into a node never attached to the page: no selector, reader or tab stop finds it.
    expect(seen).toEqual([null]);
    expect(document.body.textContent).not.toContain("kept");
    rerender(<StyleKeepers />);
    expect(mounts).toEqual(["part"]);
    unmount();
    expect(unmounts).toEqual(["part"]);
  });
});
