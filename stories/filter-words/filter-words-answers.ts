import { filterWordsApi, filterWordsMessages } from "../../resources/filter-words/filter-words";
import { groupConfigDefaults } from "../../resources/lives/live-config";
import { liveApi } from "../../resources/lives/live-api";
import { engineSession } from "../engine/engine-answers";
import { okEnvelope, type MockRoutes } from "../mock-api";

export interface FilterWordsAnswerOptions {
  black?: string[];
  white?: string[];
  /** The group's chat review (openFilterChat): the white list shows only while it is on. */
  review?: boolean;
}

/** /filterWords' calls over lists kept in memory, so a save is read back as the server would. */
export function filterWordsAnswers({ black = ["海市", "广告"], white = ["上海市"], review = true }: FilterWordsAnswerOptions = {}): MockRoutes {
  const lists = { black: [...black], white: [...white] };
  const read = (list: keyof typeof lists) => () => okEnvelope({ config: JSON.stringify({ words: lists[list] }) });
  const save = (list: keyof typeof lists) => ({ body }: { body: Record<string, unknown> }) => {
    lists[list] = (JSON.parse(String(body.config)) as { words: string[] }).words;
    return okEnvelope({ config: body.config }, { msg: filterWordsMessages.saved });
  };
  return [
    ...engineSession,
    [liveApi.groupConfig, okEnvelope({ config: JSON.stringify({ ...groupConfigDefaults, openFilterChat: review ? "1" : "0" }) })],
    [filterWordsApi.black, read("black")],
    [filterWordsApi.white, read("white")],
    [filterWordsApi.blackSet, save("black")],
    [filterWordsApi.whiteSet, save("white")],
  ];
}
