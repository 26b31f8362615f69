/**
 * `npm run typecheck-and-lint`: `npm run typecheck` and `npm run lint` in one process, over one
 * TypeScript program, as `npm test` runs them (scripts/checks.ts). Each finds what it finds alone:
 * TypeScript's diagnostics of tsconfig.json's program, as `tsc --noEmit` prints them, then ESLint's
 * findings with eslint.config.js, as `eslint .` prints them. The exit code is 1 when either found
 * an error.
 *
 * Why one program: ESLint's type-aware rules build the same program `tsc` builds and ask its
 * checker about most of the same types, so apart they did the work twice. Measured back to back on
 * this 2-core machine, busy with other work: 123 s of CPU apart (lint 95, typecheck 29), 102 s
 * together (the lint's rules find the checker's types already worked out). The program goes to
 * typescript-eslint through its
 * documented `parserOptions.programs`; eslint.config.js, JavaScript outside the program, keeps its
 * default project.
 */
import { ESLint } from "eslint";
import ts from "typescript";

/** As tsc prints them: with colour and the code around each on a terminal, one line each elsewhere. */
const format = (list: readonly ts.Diagnostic[]): string =>
  (process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics)(list, diagnosticHost);

const diagnosticHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => "\n",
};

/** tsconfig.json's program and what TypeScript finds in it (the config's own problems included). */
function typecheck(): { program: ts.Program; diagnostics: readonly ts.Diagnostic[] } {
  const configProblems: ts.Diagnostic[] = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    "tsconfig.json",
    { noEmit: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configProblems.push(d) },
  );
  if (parsed === undefined) {
    process.stdout.write(format(configProblems));
    process.exit(1);
  }
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
  return { program, diagnostics: [...configProblems, ...parsed.errors, ...ts.getPreEmitDiagnostics(program)] };
}

const { program, diagnostics } = typecheck();
if (diagnostics.length > 0) process.stdout.write(format(diagnostics));

const eslint = new ESLint({
  overrideConfig: [{ files: ["**/*.ts"], languageOptions: { parserOptions: { programs: [program], projectService: false } } }],
});
const results = await eslint.lintFiles(["."]);
const formatter = await eslint.loadFormatter("stylish");
process.stdout.write(await formatter.format(results));

const lintErrors = results.reduce((n, r) => n + r.errorCount + r.fatalErrorCount, 0);
if (diagnostics.length > 0 || lintErrors > 0) process.exit(1);
