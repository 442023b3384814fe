import { useGetIdentity, useLogout } from "@refinedev/core";
import { useLocation, useNavigate } from "react-router-dom";
import type { FormPageDecl } from "../../resources/kernel/form-page";

/** The first of the declared addresses whose `{param}`s the address gives (non-zero). */
export function backAddress(back: readonly string[], params: Record<string, number>): string | undefined {
  return back.find((address) => [...address.matchAll(/\{(\w+)\}/g)].every(([, name]) => !!params[name]))?.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}

/**
 * Where 取消 goes, and what follows a save (the declaration's `after`): to `leaveTo`, or back where
 * the page was opened from (or, opened by its address, the declared `back`), nowhere, a fresh form (`reset`,
 * which the page does), the form started again from the record read anew (`reread`), or signed out; and the person's details asked again when the save changed them.
 * A form in a dialog goes back by `leave` (closing it) instead.
 */
export function useFormPageAfter(decl: FormPageDecl, params: Record<string, number>, reset: () => void, reread: () => void = reset, leave?: () => void) {
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate: logout } = useLogout();
  const { refetch: refreshIdentity } = useGetIdentity();
  const back = () => {
    if (leave) return leave();
    if (decl.leaveTo) return navigate(decl.leaveTo);
    if (location.key !== "default") return navigate(-1);
    const address = backAddress(decl.back ?? [], params);
    if (address) navigate(address);
  };
  const after = () => {
    if (decl.save.refreshIdentity) void refreshIdentity();
    if (decl.save.after === "back") back();
    else if (decl.save.after === "reset") reset();
    else if (decl.save.after === "reread") reread();
    else if (decl.save.after === "signOut") logout();
  };
  return { back, after };
}
