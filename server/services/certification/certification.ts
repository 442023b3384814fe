import { certificationMessages, certificationStates, noCertification, type CertificationRecord } from "../../../resources/certification/certification";
import type { MessageAdapter } from "../../adapters/sms";
import type { Db } from "../../db/database";
import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { checkAgainst } from "../../plugins/schemas";
import { consumeCaptcha, consumeSmsCode, issueSmsCode } from "../codes";
import { formatDateTime } from "../datetime";
import { isRegion } from "./regions";

/** The body of a submit or a modify, as certification.edit leaves it. */
export type CertificationBody = Omit<CertificationRecord, "state" | "last_modified" | "verified_mobile"> & { validate_code?: string };


const columns = [
  "certificate_name",
  "province",
  "city",
  "region",
  "address",
  "certificate_no",
  "certificate_picture",
  "contact_name",
  "contact_id_card",
  "contact_mobile",
  "verified_mobile",
  "state",
  "updated_at",
] as const;

const stored = (scope: OrgScope) => scope.selectFrom("certifications").select(columns).executeTakeFirst();

/** The organisation's record as GET answers it; every field noCertification and state '' while none was submitted. */
export async function readCertification(scope: OrgScope): Promise<CertificationRecord> {
  const row = await stored(scope);
  if (!row) return noCertification;
  return {
    certificate_name: row.certificate_name,
    province: row.province,
    city: row.city,
    region: row.region,
    address: row.address,
    certificate_no: row.certificate_no,
    certificate_picture: row.certificate_picture,
    userName: row.contact_name,
    idCard: row.contact_id_card,
    mobile: row.contact_mobile,
    verified_mobile: row.verified_mobile,
    state: row.state,
    last_modified: formatDateTime(Number(row.updated_at)),
  };
}

/** Whether the organisation is certified (3 §4: state 'validate-complete'), for the top bar's mark. */
export async function isCertified(scope: OrgScope): Promise<boolean> {
  const row = await scope.selectFrom("certifications").select("state").executeTakeFirst();
  return row?.state === certificationStates.complete;
}

/** The SMS code of the contact mobile (3 §7.6 sms_validate), behind that mobile's graphic captcha, spent right or wrong. */
export async function sendContactCode(db: Db, messages: MessageAdapter, mobile: string, captcha: string): Promise<void> {
  if (!(await consumeCaptcha(db, mobile, captcha))) throw new ApiError(1, certificationMessages.wrongCaptcha, 200, { field: "validate_code", needCaptcha: true });
  await issueSmsCode(db, messages, mobile, "certification");
}

/** The file name of a licence photo's address, when it is one of the organisation's own uploads. */
async function ownUpload(scope: OrgScope, url: string): Promise<boolean> {
  const name = url.slice("/uploads/".length);
  return !!(await scope.selectFrom("uploads").select("name").where("name", "=", name).executeTakeFirst());
}

/**
 * Submits (`submit`, only while there is no record) or modifies (`modify`, only once there is one)
 * the organisation's certification, which then waits for a platform operator as 'validating'.
 * The body is checked against certification.edit again with the stored verified mobile, so the
 * SMS code a new or changed contact mobile needs is asked in the form's words whatever a caller
 * claims; the photo must be the organisation's own upload, the region one place of the dataset.
 * The code is spent only once everything else passed.
 */
export async function saveCertification(db: Db, scope: OrgScope, body: CertificationBody, mode: "submit" | "modify"): Promise<CertificationRecord> {
  const before = await stored(scope);
  if (mode === "submit" && before) throw new ApiError(1, certificationMessages.exists);
  if (mode === "modify" && !before) throw new ApiError(1, certificationMessages.missing);
  const verified = before?.verified_mobile ?? "";
  const problem = checkAgainst("certification.edit", { ...body, verified_mobile: verified });
  if (problem) throw fail.bad(problem.msg, problem.field);
  if (!isRegion(body.province, body.city, body.region)) throw fail.bad(certificationMessages.badRegion, "region");
  if (!(await ownUpload(scope, body.certificate_picture))) throw fail.bad(certificationMessages.badPicture, "certificate_picture");
  if (body.mobile !== verified) {
    try {
      await consumeSmsCode(db, body.mobile, "certification", body.validate_code ?? "");
    } catch (err) {
      if (err instanceof ApiError) throw new ApiError(err.code, err.message, err.status, { field: "validate_code" });
      throw err;
    }
  }
  const now = Date.now();
  const row = {
    certificate_name: body.certificate_name,
    province: body.province,
    city: body.city,
    region: body.region,
    address: body.address,
    certificate_no: body.certificate_no,
    certificate_picture: body.certificate_picture,
    contact_name: body.userName,
    contact_id_card: body.idCard,
    contact_mobile: body.mobile,
    verified_mobile: body.mobile,
    // A change to a certified record is reviewed again: the licence it was approved on may be gone.
    state: certificationStates.validating,
    certified_at: null,
    updated_at: now,
  };
  await scope.transaction(async (tx) => {
    if (mode === "submit") {
      const made = await tx.insertInto("certifications", { ...row, created_at: now }).onConflict((oc) => oc.column("org_id").doNothing()).executeTakeFirst();
      // Two first submissions at once: the second finds the first's row.
      if (Number(made.numInsertedOrUpdatedRows ?? 0) !== 1) throw new ApiError(1, certificationMessages.exists);
    } else {
      await tx.updateTable("certifications", row).execute();
    }
    // The log keeps what was submitted; the times are the log's own.
    const logged = (record: Record<string, unknown>) => Object.fromEntries(Object.entries(record).filter(([field]) => !["updated_at", "certified_at"].includes(field)));
    await recordAudit(tx, { resource: "certification", recordId: 0, action: mode === "submit" ? "create" : "update", before: before && logged(before), after: logged(row) });
  });
  return readCertification(scope);
}
