import { defineFormPage, type FormPageDecl } from "../kernel/form-page";
import { defineTabbedForms } from "../kernel/tabbed-forms";
import type { SingleDecl } from "../kernel/single";
import { liveSetting } from "../lives/live-setting";
import { blackWords, filterWordsKey, whiteWords } from "./filter-words";

/** One list's form: its words as tags (`wordTags`), saved as the JSON text its call carries; 保存成功, or the server's words (3 §8). */
const listForm = (single: SingleDecl, title: string, name: string, intro: string): FormPageDecl =>
  defineFormPage({
    route: "/filterWords",
    title,
    name,
    kind: "single",
    access: filterWordsKey,
    form: "filter-words.edit",
    json: single.table.single.json!.wire,
    intro,
    read: { call: single.api.get, failed: `${title}加载失败` },
    save: { call: single.api.update, success: single.saved, changedOnly: true, after: "stay" },
    submit: "保存",
  });

export const blackWordsForm = listForm(blackWords, "黑名单", "filter-black", "开启聊天审核的直播中，含有黑名单词语的聊天消息需审核通过后才对其他人显示。输入词语后按回车添加，多个词语可用；，、分隔。");
export const whiteWordsForm = listForm(whiteWords, "白名单", "filter-white", "白名单词语中包含的黑名单词语不会触发审核（如白名单“上海市”中的“海市”）。");

/**
 * /filterWords (3 §2.4, §4): the black list, and the white list only while the group's chat review
 * (/liveSetting's 开启聊天审核, `openFilterChat`) is on; each list a tab saved by itself.
 */
export const filterWordsPage = defineTabbedForms({
  route: "/filterWords",
  title: "敏感词管理",
  access: filterWordsKey,
  width: 880,
  tabs: [
    { key: "black", form: blackWordsForm },
    { key: "white", form: whiteWordsForm, when: { call: liveSetting.api.get, json: "config", field: "openFilterChat", is: "1" } },
  ],
});
