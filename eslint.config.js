// ESLint: typescript-eslint's strict, type-checked rules on every TypeScript file; in tests and
// benchmarks the strict rules and, of the type-checked ones, those that guard a test's verdict.
// Formatting is Prettier's job alone: these presets hold no style rules, so nothing here fights it.
// Each rule set differently from the presets says why.
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default defineConfig(
  { ignores: ["dist/", "data/", "coverage/", "node_modules/", "src/devtools/playground/page/", "src/webapp/page/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // This file is JavaScript outside tsconfig.json; it is checked through a default project.
        projectService: { allowDefaultProject: ["eslint.config.js"] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A number prints one way in a template; what the rule is for (an object, undefined or null
      // turning into "[object Object]", "undefined", "null" in a message) stays an error.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      // `() => void promise` and `(x) => list.push(x)` in arrow shorthand are plain callbacks; the
      // rule still flags a void call used as a value anywhere else.
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      // `const { quote: _shown, ...asked } = req` is how a copy leaves one property out; the named
      // part exists only to be left out. Any other unused variable stays an error.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // A \`let\` set once but read earlier by a callback (a signal handler during start-up) must stay
      // a \`let\`: as the \`const\` the rule asks for, that early read would throw (temporal dead zone).
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ["src/store/**/*.ts"],
    rules: {
      // The store's dictionaries are the JSON objects lowdb writes to disk, keyed by id; removing
      // an entry is `delete dict[id]`. A Map, which the rule asks for, would be converted back to
      // an object on every write.
      "@typescript-eslint/no-dynamic-delete": "off",
    },
  },
  {
    files: ["src/bot/features/**/*.ts"],
    rules: {
      // A feature is built on FeatureComposer (src/bot/feature-composer.ts): grammY's own
      // Composer builds a Composer per filter for every update that passes it.
      "no-restricted-syntax": [
        "error",
        { selector: "NewExpression[callee.name='Composer']", message: "Build a feature on FeatureComposer (src/bot/feature-composer.ts)." },
        // The plugin does not run around every update (src/bot/questions.ts): its controls are
        // reached through askQuestion, leaveQuestion and leaveQuestions, which run it when needed.
        {
          selector: "MemberExpression[property.name='conversation']",
          message: "Open or close a question through src/bot/questions.ts (askQuestion, leaveQuestion, leaveQuestions).",
        },
      ],
    },
  },
  {
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: {
      // In a test `found!` is itself the assertion: a missing value fails the test right there
      // with a TypeError, which is what it should do. Production code keeps the rule.
      "@typescript-eslint/no-non-null-assertion": "off",
      // Tests and benchmarks keep the strict preset's syntax rules, and of the rules that ask the
      // type checker only the two that guard a test's own verdict: an `expect(...).resolves`, an
      // `expect.poll` or a `waitFor` left without `await` lets a test pass that should fail
      // (no-floating-promises), and an `await` on what is not a promise hides a wrong helper
      // (await-thenable). The other typed rules ask the checker about every expression: over
      // test/ and bench/ they cost 36 s of CPU in each `npm test` (measured on this 2-core
      // machine, 2026-11-28), 14 s with these two. Types are still checked everywhere by `tsc`.
      ...tseslint.configs.disableTypeChecked.rules,
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/await-thenable": "error",
    },
  },
);
