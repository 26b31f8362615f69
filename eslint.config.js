// ESLint: typescript-eslint's strict, type-checked rules on every TypeScript file; formatting
// is Prettier's job alone (eslint-config-prettier is not needed: these presets hold no style rules).
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "data/", "coverage/", "node_modules/", "src/devtools/playground/page/"] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
);
