import { access, defineCalls } from "../kernel/call";
import { ep } from "../kernel/endpoint";

/** The menu key of /groupCertification (1 §2.2 "My account"); every certification call needs it. */
export const certificationKey = "groupCertification";

/** The route of the certification form (3 §2.4). */
export const certificationPage = { route: "/groupCertification", title: "机构认证" } as const;

/**
 * Certification calls (3 §7.6) on the group-certification host. The record is the organisation's
 * own: every call reads and writes the row of the session's organisation only.
 */
export const certificationApi = {
  /** The organisation's record (CertificationRecord); state '' while nothing was submitted. */
  get: ep("GET /admin/company_validate", "groupCertification"),
  /** The first submission: refused once a record exists (then it is modified). */
  submit: ep("POST /admin/company_validate", "groupCertification"),
  /** A change of the submitted record: refused while none exists. */
  modify: ep("PATCH /admin/company_validate", "groupCertification"),
  /** `{mobile, validate_code}`: the graphic captcha's answer for that mobile; sends the SMS code to the contact mobile. */
  smsCode: ep("POST /admin/sms_validate", "groupCertification"),
} as const;

/**
 * The states of 3 §4. Nobody outside reviews a submission: it waits as `validating` until a
 * platform operator approves it (`npm run certify -- --org N`, scripts/certify.ts); a change to the
 * record afterwards waits for approval again. Only `validate-complete` reads as certified.
 */
export const certificationStates = {
  none: "",
  validating: "validating",
  complete: "validate-complete",
} as const;
export type CertificationState = (typeof certificationStates)[keyof typeof certificationStates];

export const certificationStateLabels: Record<string, string> = {
  [certificationStates.none]: "未认证",
  [certificationStates.validating]: "审核中",
  [certificationStates.complete]: "已认证",
};

/** The organisation's certification as GET answers it (3 §3, the contact's fields beside the others). */
export interface CertificationRecord {
  certificate_name: string;
  province: string;
  city: string;
  region: string;
  address: string;
  certificate_no: string;
  certificate_picture: string;
  userName: string;
  idCard: string;
  mobile: string;
  /** The contact mobile last proven by an SMS code: a save keeping it needs no code. */
  verified_mobile: string;
  state: CertificationState;
  /** 'YYYY-MM-DD HH:mm:ss', '' while nothing was submitted. */
  last_modified: string;
}

/** The record of an organisation that submitted nothing: what GET answers then. */
export const noCertification: CertificationRecord = {
  certificate_name: "",
  province: "",
  city: "",
  region: "",
  address: "",
  certificate_no: "",
  certificate_picture: "",
  userName: "",
  idCard: "",
  mobile: "",
  verified_mobile: "",
  state: certificationStates.none,
  last_modified: "",
};

export const certificationMessages = {
  submitted: "提交成功",
  submitFailed: "提交失败",
  modified: "修改成功",
  modifyFailed: "修改失败",
  /** A second POST: the record exists and is changed with PATCH. */
  exists: "认证资料已提交，请修改后保存",
  /** A PATCH with nothing submitted. */
  missing: "尚未提交认证资料",
  /** A licence photo that is not one of this organisation's uploads. */
  badPicture: "营业执照照片无效，请重新上传",
  /** A province, city and district that do not name one place of the dataset. */
  badRegion: "请选择正确的办公地区",
  codeSent: "验证码已发送",
  codeFailed: "发送验证码失败！请联系管理员",
  wrongCaptcha: "图形验证码错误",
} as const;

/** Why the SMS code call is safe without more: it needs the menu key, a captcha per mobile, and the code rules of sign-in. */
export const certificationCalls = defineCalls("certification", {
  get: {
    endpoint: certificationApi.get,
    access: access.menu([certificationKey]),
    summary: "The organisation's certification record (3 §7.6); state '' until submitted, validating, validate-complete",
  },
  submit: {
    endpoint: certificationApi.submit,
    body: "certification.edit",
    access: access.menu([certificationKey]),
    limits: ["certificationPerPerson"],
    summary: "Submits the organisation's certification (3 §5 order); an SMS code proves a new contact mobile; state validating",
  },
  modify: {
    endpoint: certificationApi.modify,
    body: "certification.edit",
    access: access.menu([certificationKey]),
    limits: ["certificationPerPerson"],
    summary: "Modifies the submitted certification; an SMS code proves a changed contact mobile; back to validating",
  },
  smsCode: {
    endpoint: certificationApi.smsCode,
    body: "certification.sms",
    access: access.menu([certificationKey]),
    limits: ["codesPerIp"],
    summary: "SMS code to the contact mobile, behind that mobile's graphic captcha (validate_code)",
  },
});
