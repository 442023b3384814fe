import { createElement, lazy } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import type { FormPageDecl } from "../../resources/kernel/form-page";
import { callScreens, details, formPages, frames, jsonLists, panelPages, recordPages, resources, tabbedPages } from "../../resources";
import type { JsonListPageDecl } from "../../resources/kernel/json-list";
import type { CallScreenDecl } from "../../resources/kernel/call-list";
import type { FrameDecl } from "../../resources/kernel/frame";
import type { DetailDecl } from "../../resources/kernel/detail";
import type { ListPageDecl } from "../../resources/kernel/list-pages";
import type { PanelPageDecl } from "../../resources/kernel/panel-page";
import type { RecordPageDecl } from "../../resources/kernel/record-page";
import type { TabbedFormsDecl } from "../../resources/kernel/tabbed-forms";
import type { PageMap } from "./registry";

// Each screen loads with its chunk (RJSF, ajv and the table stay out of /login and the shells).

/**
 * The generated list's code (the table, the filters and the styles the shell keeps for them):
 * most menu clicks open one, so the admin shell fetches it once the console is idle, and even the
 * first list opens without waiting for its code (issue 9: a new list in < 300 ms).
 */
export const preloadListScreen = () => import("./resource-list");

const listPage = (decl: ResourceDecl) =>
  lazy(async () => {
    const { ResourceList } = await preloadListScreen();
    return { default: () => createElement(ResourceList, { decl }) };
  });

const declaredListPage = (decl: ResourceDecl, page: ListPageDecl) =>
  lazy(async () => {
    const [{ DeclaredListPage }] = await Promise.all([import("./declared-list-page"), preloadListScreen()]);
    return { default: () => createElement(DeclaredListPage, { owner: decl, page }) };
  });

// Declared with the form's schema title, which the form's chunk brings (every schema file, the validator's).
const resourceFormPage = (decl: ResourceDecl, kind: "create" | "edit") =>
  lazy(async () => {
    const [{ FormPage }, { resourceFormPage }] = await Promise.all([import("./form-page"), import("./resource-form-page")]);
    const page = resourceFormPage(decl, kind);
    return { default: () => createElement(FormPage, { decl: page }) };
  });

const formPage = (decl: FormPageDecl) =>
  lazy(async () => {
    const { FormPage } = await import("./form-page");
    return { default: () => createElement(FormPage, { decl }) };
  });

const tabbedPage = (decl: TabbedFormsDecl) =>
  lazy(async () => {
    const { TabbedFormsPage } = await import("./tabbed-forms-page");
    return { default: () => createElement(TabbedFormsPage, { decl }) };
  });

const detailPage = (decl: DetailDecl) =>
  lazy(async () => {
    const { DetailPage } = await import("./detail-page");
    return { default: () => createElement(DetailPage, { decl }) };
  });

const framePage = (decl: FrameDecl) =>
  lazy(async () => {
    const { FramePage } = await import("./frame-page");
    return { default: () => createElement(FramePage, { tool: decl }) };
  });

const recordPage = (decl: RecordPageDecl) =>
  lazy(async () => {
    const { RecordPage } = await import("./record-page");
    return { default: () => createElement(RecordPage, { decl }) };
  });

const callScreenPage = (decl: CallScreenDecl) =>
  lazy(async () => {
    const { CallScreen } = await import("./call-screen");
    return { default: () => createElement(CallScreen, { decl }) };
  });

const panelPage = (decl: PanelPageDecl) =>
  lazy(async () => {
    const { PanelPage } = await import("./panel-page");
    return { default: () => createElement(PanelPage, { decl }) };
  });

const jsonListPage = (decl: JsonListPageDecl) =>
  lazy(async () => {
    const { JsonListPage } = await import("./json-list-page");
    return { default: () => createElement(JsonListPage, { decl }) };
  });

/**
 * Screens generated from resources/ declarations, by route: a list for every declared resource
 * with a list call and its other list screens (`listPages`), full-page create and edit forms where a declaration asks for them
 * (`createRoute`, `editRoute` with a `get` call to read the record by), the declared
 * full-page forms of their own (`formPages`: the live form, single-record settings) and their pages in tabs (`tabbedPages`: /filterWords), and the declared detail pages, and a frame page for every
 * declared frame (resources/kernel/frame.ts), screen of a call's rows (resources/kernel/call-list.ts) and page of
 * one record with its dialogs (resources/kernel/record-page.ts) and page around an area's bespoke part (resources/kernel/panel-page.ts).
 * A bespoke page registered for the same route by its own area takes precedence (src/app/admin-pages.ts).
 */
export const enginePages: PageMap = Object.fromEntries([
  ...resources.flatMap((decl) => [
    ...(decl.api.list && !decl.inPage ? [[decl.route, listPage(decl)] as const] : []),
    ...(decl.listPages ?? []).map((page) => [page.route, declaredListPage(decl, page)] as const),
    ...(decl.createRoute && decl.forms.create ? [[decl.createRoute, resourceFormPage(decl, "create")] as const] : []),
    ...(decl.editRoute && decl.forms.edit && decl.api.get ? [[decl.editRoute.split("?")[0], resourceFormPage(decl, "edit")] as const] : []),
  ]),
  ...formPages.map((decl) => [decl.route, formPage(decl)] as const),
  ...tabbedPages.map((decl) => [decl.route, tabbedPage(decl)] as const),
  ...details.map((decl) => [decl.route, detailPage(decl)] as const),
  ...frames.map((decl) => [decl.route, framePage(decl)] as const),
  ...callScreens.map((decl) => [decl.route, callScreenPage(decl)] as const),
  ...recordPages.map((decl) => [decl.route, recordPage(decl)] as const),
  ...panelPages.map((decl) => [decl.route, panelPage(decl)] as const),
  ...jsonLists.map((decl) => [decl.route, jsonListPage(decl)] as const),
]);
