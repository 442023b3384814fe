import { beforeEach, describe, expect, it, vi } from "vitest";
import { sessionStore } from "../../../../providers/session-store";

describe("client-kept session state", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.reload();
  });

  it("starts as a teacher-type visitor with nothing known", () => {
    expect(sessionStore.get()).toEqual({
      adminInfo: null,
      identityInfo: null,
      userType: 1,
      userInfo: null,
      curBalance: null,
      curGroupName: "",
      phone: "",
    });
  });

  it("persists userType and phone, and only those", () => {
    sessionStore.set({ userType: 3, phone: "13800000000", curBalance: 12.5 });
    expect(localStorage.getItem("userType")).toBe("3");
    expect(localStorage.getItem("phone")).toBe("13800000000");
    sessionStore.reload();
    expect(sessionStore.get()).toMatchObject({ userType: 3, phone: "13800000000", curBalance: null });
  });

  it("ignores a corrupt stored userType", () => {
    localStorage.setItem("userType", "admin");
    sessionStore.reload();
    expect(sessionStore.get().userType).toBe(1);
  });

  it("notifies subscribers and forgets the identity on clear, keeping the phone", () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.set({ phone: "13800000009", identityInfo: { id: 1, name: "示例学校", type: "admin" }, userType: 3 });
    sessionStore.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(sessionStore.get()).toMatchObject({ identityInfo: null, phone: "13800000009", userType: 3 });
    unsubscribe();
    sessionStore.set({ curGroupName: "x" });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
