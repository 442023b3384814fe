import { createHash } from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A landed migration is never edited (docs/architecture.md, "The walls"): databases that already ran it will
 * not run it again, so an edit makes them differ from fresh ones without anyone noticing. A change
 * to the schema is a new migration. This pins the content of every landed file.
 *
 * Adding a migration: write server/db/migrations/00NN-name.ts, list it in server/db/migrate.ts,
 * and in the commit that lands it add its line below (`sha256sum server/db/migrations/00NN-name.ts`,
 * computed on LF line endings). From then on its hash never changes. `helpers.ts` is pinned too,
 * since landed migrations call it: a new helper goes in a file of its own.
 *
 * 0004 was edited after it landed (issue 9); what is pinned is its content as it stands, which is
 * what every database created since has run.
 */
const landed: Record<string, string> = {
  "0001-foundation.ts": "d7101a27268fbdb3f7bf3f9e06466bb1726309a7615e6b0b2f69704b62eeba8b",
  "0002-user-search.ts": "39a122f87d45bb978f25e277cb3e11b2d2422d0dd502bd52ae265e76721b8fff",
  "0003-courses-lives.ts": "be8063fa399a9e1cafd2cfdaba23efedd209199c4155712741d29bd31aa6402f",
  "0004-usage-stats.ts": "bead76896d60cd3842083f10e37325b6de3895793e101a2825ddb499471d440e",
  "0005-list-totals.ts": "ee7135794ae44687a1b6d7b9d9bf2be6f874a1cf58b5aec3ca1837103379af6b",
  "0006-sign-in-guards.ts": "6b5d1c2d86526fbbd90b252f7f5d58c2010bc79bb4129eeff051bfb193a3cc41",
  "0007-person-provenance.ts": "d224d417e4c93a604e13fe51decd000be07797ae02bb9fa2213b543f2842fc8e",
  "0008-uploads.ts": "3566e64f7dd340ef9b161b5e4ec06f456b9a043698a37adf6cda526d18c84161",
  "0009-cleanup-indexes.ts": "d5634b97e84fc1680d52e7149f101a5e91e808a4338ab04ba81e980b39cfcde2",
  "0010-admin-messages.ts": "e2f5eed404ef61f7e98e1ddb179262b496e1f23de4410e7f73d9c2cb1448ed88",
  "0011-product-templates.ts": "99ca1e5d4d47607141cfe6b25fdcf4250133ad5079941de73f789a2c3ca060e6",
  "0012-ad-templates.ts": "77cc6e96dd15c4346f8cc7e8ed64eb4342cb9bd648bb7a7c77fc301d09c2bd04",
  "0013-audit-log.ts": "730b4d3a8521d22b14942f128cd7c27fdf06b49de7a957d1f6be04512b50100f",
  "0014-exam-papers.ts": "4b85a29b4843731b0ebf74bb1b7c03405fa7392c16431b4b359dfa71abcbf208",
  "0015-engine-counts.ts": "04c5754d3382d8df41e5a6abcfde6ab03fafb7e84bef045e0fc671313148d8d2",
  "0016-live-management.ts": "eb5488d6a162d4c6e4f620fa1a3632cb0ffc109c0972a6052593861f7323cfda",
  "0017-portal-feeds-recharge-orders.ts": "5d4401f3f580618634c4b072c71df4cde21442632d589d303c3176e9080850b4",
  "0018-whitelist-page-index.ts": "56b726072bfe916939d65d132934853e8766f42b515ea1a4e16c591093debf53",
  "0019-cloud-disk.ts": "689f4e14fedebf0d8759967d535d7ecba6843d511d6d52d1fbc0b5d92ac13239",
  "0020-rooms.ts": "fb26651713fa1169a5cc76753f39a8f0043a9fdf7895779bb828a72cfa144a65",
  "0021-live-lists.ts": "9db92c6014cabf4a91f21f6600159cf61d051a862c96a14a0fa2411658a32efb",
  "0022-room-visitors.ts": "309e0f5ff36b6ef2c2baab7c6ffedd5afb0719516cdcb9c10f938622bfea0ab7",
  "0023-room-limits.ts": "6f4f743abb50e326cb686e690427b954e471457ddc56a22d43080b23e1c77769",
  "0025-jobs-and-media.ts": "0a27d66fb7cedc3271945d5e4f26183d955c2b5bedad71f7ea0ec52852d590d1",
  "0026-recorded-lists.ts": "f534d464177f444d37bd0012c8d148184c1d79969a681a64c2b2c4a83c4e2d10",
  "0027-live-chapters.ts": "b3324137e9803dfb39afa3fc9cb9773de225a7805621667257ca2acb45b1b45f",
  "0028-ledger.ts": "ecc11f014216ed65c9b45564452b5a136bbd79a2c6a6605f423aaff530a76e79",
  "0029-balance-alerts.ts": "1dfb6277cc85d029726a6fd22421f34c1388c34bf93b40a6471985705e449d94",
  "0030-certification.ts": "18f16d1ee4efe780294ae239275e4401236d0f2426fffe9b0014a69fb2ab0a3e",
  "0031-developer.ts": "c3d593e51f82ef1699330160ef499d7f372335f60c2abdfec06215d580754b71",
  "0032-filter-words.ts": "d7918e9921bb6cbeb9203effb40546937cc48c15899becff76838dedcbce4b71",
  "0033-reminders.ts": "5bab80c6aad2e21dbe7a1cc00538976ac03e9bdda4785f9f0df7728a3f22b810",
  "0034-data-push.ts": "9e2dd64424b63a0e265f4949b75e5fd79ce01ed2f2ea5b401af2ac6dd19575cd",
  "0035-moderation.ts": "1528f681847ac6e56ebefd7e0b07b478254344b2937f9699d27b203af6c25465",
  "0036-live-monitor.ts": "d8c37050595552dc7ec1738e83bac1c5dd0bbc6327268bd67151ddc1d86e9877",
  "0037-time-machine.ts": "71e887c4abb4999765ec57f3eda61b0af5ac479b681bbc8ad589acd31ea47c52",
  "0038-live-commerce.ts": "0d1c3811071f9f0f37aa24f35c22daa9b6659e5c52556d010d1bd475f05c6321",
  "0039-consumption-totals.ts": "8b2776cac9656d228374d489976199791da8134395eda7fe4c363efc56dcc770",
  "helpers.ts": "b745c64a5823c35d5b19f3a02ef1faf13183f09aa8bbb17af423c40be1efdcc8",
};

const dir = fileURLToPath(new URL("../../../server/db/migrations/", import.meta.url));
const sha256 = (file: string) => createHash("sha256").update(fs.readFileSync(dir + file, "utf8").replace(/\r\n/g, "\n")).digest("hex");

describe("landed migrations are frozen", () => {
  it.each(Object.keys(landed))("%s is as it landed (a change is a new migration)", (file) => {
    expect(fs.existsSync(dir + file), `${file} was deleted`).toBe(true);
    expect(sha256(file), `${file} was edited after it landed; put the change in a new migration`).toBe(landed[file]);
  });

  it("numbers migrations in one sequence with no gap or repeat", () => {
    const numbers = fs
      .readdirSync(dir)
      .filter((file) => /^\d{4}-.+\.ts$/.test(file))
      .map((file) => Number(file.slice(0, 4)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });

  it("lists every migration file in server/db/migrate.ts", () => {
    const listed = fs.readFileSync(fileURLToPath(new URL("../../../server/db/migrate.ts", import.meta.url)), "utf8");
    for (const file of fs.readdirSync(dir).filter((name) => /^\d{4}-.+\.ts$/.test(name))) {
      expect(listed, `${file} is not in migrate.ts`).toContain(`"${file.replace(/\.ts$/, "")}"`);
    }
  });
});
