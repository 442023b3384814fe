import { describe, expect, it } from "vitest";
import { createEngineRegistry } from "../../../../src/engine/registry";

const Part = () => null;
const Widget = () => null;

describe("the engine registry", () => {
  it("merges what each area lends by name", () => {
    const registry = createEngineRegistry({ listParts: { studentImport: Part } }, { widgets: { courseType: Widget } }, {});
    expect(registry).toEqual({ listParts: { studentImport: Part }, widgets: { courseType: Widget }, rowActions: {}, panels: {}, formSetups: {}, detailPanels: {}, rowParts: {}, callCells: {}, callRowActions: {}, savedParts: {}, pageParts: {} });
  });

  it("refuses a name two areas both register", () => {
    expect(() => createEngineRegistry({ listParts: { studentImport: Part } }, { listParts: { studentImport: Part } })).toThrow(
      'engine registry: listParts "studentImport" is registered twice',
    );
  });
});
