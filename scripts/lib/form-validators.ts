import { schemaParser, type RJSFSchema } from "@rjsf/utils";
import type { ValidatorFunctions } from "@rjsf/validator-ajv8";
import createAjvInstance from "@rjsf/validator-ajv8/lib/createAjvInstance.js";
import ajvErrors from "ajv-errors";
import standaloneCode from "ajv/dist/standalone/index.js";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { schemaFilePaths } from "../../server/plugins/schema-folder";
import * as keywordChecks from "../../resources/kernel/schema-keyword-checks";
import { addSchemaKeywords, keywordChecksModule } from "../../resources/kernel/schema-keywords";
import { prepareForm } from "../../src/engine/form-drawing";
import type { SchemaFile } from "../../src/engine/schema-parts";

/**
 * The console's form validators, compiled at build time (issue 16 item 2.6): ajv turns a schema
 * into a function with `new Function`, which a page may run only under a CSP with 'unsafe-eval'.
 * Here the same ajv the forms had (RJSF's instance, every error, `$data`, ajv-errors, the schemas'
 * own keywords, every file of schemas/ registered so `$ref`s resolve) writes its functions out as a
 * module, and the page calls them through RJSF's precompiled validator (src/engine/validator.ts).
 *
 * What is compiled: every schema file by its `$id` (what a form, an import row or a light page is
 * validated with, references and all, as on the server), and for each form (`*.create`, `*.edit`)
 * every sub-schema RJSF checks while drawing it (an `if`, an `anyOf` option), by RJSF's hash of it.
 *
 * It is a virtual module of the build, not a committed file: a product owner's edit of a schema
 * reaches the validators with no step to remember, and no generated file can go stale.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every `schemas/<feature>/*.schema.json`, as the client's `import.meta.glob` reads them. */
export const readSchemaFiles = (): SchemaFile[] => schemaFilePaths().map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as SchemaFile);

const isForm = (file: SchemaFile) => /\.(create|edit)$/.test(file.$id ?? "");

/**
 * The validators of `files` as CommonJS source: `exports[key]` for each key, where a key is a
 * file's `$id` or the hash RJSF gives a drawn sub-schema. `extra` are schemas built elsewhere
 * (a test's own), compiled by their `$id` or hash in the same way.
 */
export function formValidatorsSource(files: readonly SchemaFile[], extra: readonly RJSFSchema[] = []): string {
  const ajv = createAjvInstance(undefined, undefined, { allErrors: true, $data: true, verbose: false, code: { source: true, lines: false } }, undefined, undefined, (instance) => {
    ajvErrors(instance);
    addSchemaKeywords(instance);
    for (const file of files) instance.addSchema(file);
    return instance;
  });
  const keys = new Set(files.map((file) => file.$id!));
  const drawn = [...files.filter(isForm).map((file) => prepareForm(file, {}, files).schema), ...extra];
  for (const schema of drawn) {
    // The root of a drawn form keeps its file's `$id`: that file is already compiled, references and all.
    for (const [key, part] of Object.entries(schemaParser(schema))) {
      if (keys.has(key)) continue;
      ajv.addSchema(part);
      keys.add(key);
    }
  }
  return standaloneCode(ajv, Object.fromEntries([...keys].map((key) => [key, key])));
}

const requireCall = /require\(("[^"]+")\)/g;

/**
 * The CommonJS source as an ES module for the bundler: each `require` becomes an import (ajv's
 * runtime helpers, and the keyword checks by their file), and the exports one default object.
 * ajv's helpers are CommonJS modules whose `exports.default` is the function; environments wrap
 * such a module differently (Node's namespace holds `module.exports` as its default, a bundler's
 * the function itself), so each is unwrapped back to what `require` returns.
 */
export function asEsModule(source: string): string {
  const specifiers = [...new Set([...source.matchAll(requireCall)].map((match) => JSON.parse(match[1]) as string))];
  const imports = specifiers.map((specifier, i) =>
    specifier === keywordChecksModule
      ? `import * as required${i} from ${JSON.stringify(path.join(root, specifier))};`
      : `import * as namespace${i} from ${JSON.stringify(specifier)};\nconst required${i} = asRequired(namespace${i});`,
  );
  const asRequired = "const asRequired = (ns) => (ns.default && typeof ns.default === \"object\" && \"default\" in ns.default ? ns.default : ns);";
  const body = source.replace(requireCall, (_call, quoted: string) => `required${specifiers.indexOf(JSON.parse(quoted) as string)}`);
  return [asRequired, ...imports, "const exports = {};", body.replace(/^"use strict";/, ""), "export default exports;", ""].join("\n");
}



const nodeRequire = createRequire(import.meta.url);

/**
 * The same validators loaded in Node, for tests that check schemas the build does not see (a
 * schema edited in the test, a test's own schema): compiled as the build compiles them, then run.
 */
export function loadFormValidators(files: readonly SchemaFile[], extra: readonly RJSFSchema[] = []): ValidatorFunctions {
  const exports: ValidatorFunctions = {};
  const load = (specifier: string) => (specifier === keywordChecksModule ? keywordChecks : nodeRequire(specifier));
  new Function("require", "exports", formValidatorsSource(files, extra))(load, exports);
  return exports;
}

export const formValidatorsId = "virtual:form-validators";

/** The Vite plugin serving `virtual:form-validators`, rebuilt when a schema file changes. */
export function formValidatorsPlugin(): Plugin {
  const resolved = `\0${formValidatorsId}`;
  return {
    name: "lectern-form-validators",
    resolveId: (id) => (id === formValidatorsId ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      for (const file of schemaFilePaths(undefined, ".json")) this.addWatchFile(file);
      return asEsModule(formValidatorsSource(readSchemaFiles()));
    },
  };
}
