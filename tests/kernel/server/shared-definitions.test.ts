import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ajvOptions, loadSchemas, validationMessage } from "../../../server/plugins/schemas";
import schemas from "../../../server/plugins/schemas";
import { schemaFilePaths, schemasDir as source } from "../../../server/plugins/schema-folder";
import { prepareForm } from "../../../src/engine/form-schemas";
import { loadFormValidators } from "../../../scripts/lib/form-validators";
import { precompiledFormValidator, transformErrorsFor, type SchemaFile } from "../../../src/engine/validator";

/** The console's validator over `files`, compiled as the build compiles schemas/. */
const createFormValidator = (files: SchemaFile[]) => precompiledFormValidator(loadFormValidators(files));

/**
 * A product owner changes the phone rule or its message in one file, schemas/kernel/phone.def, and
 * every form and the server follow (issue 9, item 2). Proved on a scratch copy of schemas/
 * whose phone.def takes only 19x numbers and says 手机号须为19开头的11位数字.
 */

const phoneRule = "^1[0-9]\\d{9}$";
const phoneMessage = "请填写正确的手机号";
const editedRule = "^19\\d{9}$";
const editedMessage = "手机号须为19开头的11位数字";

/** Files that check a mobile, and a value that is right but for the mobile (`valid` passes the old rule, not the new one). */
const mobileForms: { id: string; values: Record<string, unknown> }[] = [
  { id: "teacher.create", values: { name: "王", passwd: "abc123" } },
  { id: "assistant.create", values: { name: "王", passwd: "abc123" } },
  { id: "student.create", values: { name: "王", passwd: "abc123" } },
  { id: "subadmin.create", values: { name: "王", passwd: "abc123" } },
  { id: "teacher.edit", values: { id: 1, name: "王" } },
  { id: "assistant.edit", values: { id: 1, name: "王" } },
  { id: "student.edit", values: { id: 1, name: "王" } },
  { id: "subadmin.edit", values: { id: 1, name: "王" } },
];
const valid = "13812345678";
const validAfterEdit = "19812345678";

const read = (dir: string): SchemaFile[] => [...loadSchemas(dir).values()] as SchemaFile[];

let scratch: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-schemas-"));
  fs.cpSync(source, scratch, { recursive: true });
  const file = path.join(scratch, "kernel", "phone.def.schema.json");
  const text = fs.readFileSync(file, "utf8");
  const edited = text.replace(JSON.stringify(phoneRule), JSON.stringify(editedRule)).replace(phoneMessage, editedMessage);
  expect(edited).not.toBe(text);
  fs.writeFileSync(file, edited);
});

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const validators = new Map<SchemaFile[], ReturnType<typeof createFormValidator>>();

/** What an engine form built from `files` shows under its mobile field. */
function formMessage(files: SchemaFile[], id: string, values: Record<string, unknown>): string | undefined {
  if (!validators.has(files)) validators.set(files, createFormValidator(files));
  const validator = validators.get(files)!;
  const { schema, uiSchema } = prepareForm(files.find((file) => file.$id === id)!, {}, files);
  const { errors } = validator.validateFormData(values, schema, undefined, transformErrorsFor(schema, uiSchema), uiSchema);
  return errors.find((error) => error.property === ".mobile")?.message;
}

describe("the phone rule lives in schemas/kernel/phone.def only", () => {
  it("no other schema file states the mobile pattern or its message", () => {
    const offenders = schemaFilePaths(source, ".json")
      .filter((file) => path.basename(file) !== "phone.def.schema.json")
      .filter((file) => {
        const text = fs.readFileSync(file, "utf8");
        return text.includes(phoneMessage) || text.includes(JSON.stringify(phoneRule).slice(1, -1));
      });
    expect(offenders).toEqual([]);
  });

  it("every form with a mobile field refers to it", () => {
    const files = read(source);
    const refersToPhone = (id: string): boolean => {
      const text = JSON.stringify(files.find((file) => file.$id === id));
      // A reference to another form, whole or one of its fields (`course.student-mobile#/properties/mobile`), counts through it.
      return text.includes('"phone.def#"') || [...text.matchAll(/"\$ref":"([^"#]+)#[^"]*"/g)].some(([, other]) => other !== id && refersToPhone(other));
    };
    // Signing in takes the mobile as typed (an unknown one gets the sign-in's own answer), so the
    // sign-in calls and their captcha check no format.
    const signIn = ["login.password", "login.quick", "login.code-request", "captcha.request"];
    // A mobile only shown (readOnly: the admin's own, masked, on /changepwd) is not a value anyone types.
    const shownOnly = (file: SchemaFile) => (file.properties as Record<string, { readOnly?: boolean }> | undefined)?.mobile?.readOnly === true;
    const withMobile = files.filter((file) => JSON.stringify(file).includes('"mobile"') && !signIn.includes(file.$id!) && !shownOnly(file));
    expect(withMobile.length).toBeGreaterThan(10);
    for (const file of withMobile) expect(refersToPhone(file.$id!), file.$id).toBe(true);
  });
});

describe("an edited phone.def changes every form", () => {
  let original: SchemaFile[];
  let edited: SchemaFile[];
  beforeAll(() => {
    original = read(source);
    edited = read(scratch);
  });

  it.each(mobileForms)("$id", ({ id, values }) => {
    expect(formMessage(original, id, { ...values, mobile: "19" })).toBe(phoneMessage);
    expect(formMessage(edited, id, { ...values, mobile: "19" })).toBe(editedMessage);
    expect(formMessage(original, id, { ...values, mobile: valid })).toBeUndefined();
    expect(formMessage(edited, id, { ...values, mobile: valid })).toBe(editedMessage);
    expect(formMessage(edited, id, { ...values, mobile: validAfterEdit })).toBeUndefined();
  });

  it("and the import table's own words stay its own, over the edited rule", () => {
    const edited = read(scratch);
    const validator = createFormValidator(edited);
    const row = edited.find((file) => file.$id === "course.student-mobile")!;
    const check = (mobile: string) => validator.rawValidation<{ message?: string }>(row, { mobile, courseid: 1 }).errors?.map((error) => error.message);
    expect(check(valid)).toEqual(["手机号格式不对"]);
    expect(check(validAfterEdit)).toBeUndefined();
  });
});

describe("an edited phone.def changes the server's validation", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // The server's own ajv options and schema plugin, pointed at the scratch folder.
    app = Fastify({ ajv: ajvOptions });
    await app.register(schemas, { dir: scratch });
    // The message the server answers with: the first failing field in the form's order.
    app.setErrorHandler((err: FastifyError, request, reply) => reply.send({ msg: validationMessage(request, err).msg }));
    for (const id of ["teacher.create", "assistant.create", "student.create", "register", "sms.code-request"]) {
      app.post(`/${id}`, { schema: { body: { $ref: `${id}#` } } }, async () => ({ ok: true }));
    }
    app.get("/userstat.user.query", { schema: { querystring: { $ref: "userstat.user.query#" } } }, async () => ({ ok: true }));
    await app.ready();
  });

  afterAll(() => app.close());

  const bodies: Record<string, Record<string, unknown>> = {
    "teacher.create": { name: "王", passwd: "abc123" },
    "assistant.create": { name: "王", passwd: "abc123" },
    "student.create": { name: "王", passwd: "abc123" },
    register: { auth_code: "123456", passwd: "abc123" },
    "sms.code-request": { authcode: "1234" },
  };

  it.each(Object.keys(bodies))("POST body of %s", async (id) => {
    const post = async (mobile: string) => (await app.inject({ method: "POST", url: `/${id}`, payload: { ...bodies[id], mobile } })).json();
    expect(await post(valid)).toEqual({ msg: editedMessage });
    expect(await post(validAfterEdit)).toEqual({ ok: true });
  });

  it("query of userstat.user.query", async () => {
    expect((await app.inject({ url: `/userstat.user.query?mobile=${valid}` })).json()).toEqual({ msg: editedMessage });
    expect((await app.inject({ url: `/userstat.user.query?mobile=${validAfterEdit}` })).json()).toEqual({ ok: true });
  });
});
