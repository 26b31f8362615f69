/**
 * Counted words agree with their number in every language (issue 35's playground findings: "Export
 * done: 2 exchanges in 1 files."). Fluent picks the variant by the language's plural rule, so
 * Russian and Ukrainian say 1, 2 and 5 three ways, and Turkish keeps the singular after a number.
 */
import { describe, expect, it } from "vitest";
import { createI18n, translatorOf, type SupportedLocale } from "../../src/messages/i18n.js";

const t = translatorOf(createI18n());

describe("export-done", () => {
  it.each<[SupportedLocale, string, string, string]>([
    ["en", "Export done: 1 exchange in 1 file.", "Export done: 2 exchanges in 1 file.", "Export done: 5 exchanges in 2 files."],
    [
      "es",
      "Exportación terminada: 1 intercambio en 1 archivo.",
      "Exportación terminada: 2 intercambios en 1 archivo.",
      "Exportación terminada: 5 intercambios en 2 archivos.",
    ],
    [
      "pt",
      "Exportação concluída: 1 troca em 1 arquivo.",
      "Exportação concluída: 2 trocas em 1 arquivo.",
      "Exportação concluída: 5 trocas em 2 arquivos.",
    ],
    [
      "tr",
      "Dışa aktarım tamamlandı: 1 dosyada 1 takas.",
      "Dışa aktarım tamamlandı: 1 dosyada 2 takas.",
      "Dışa aktarım tamamlandı: 2 dosyada 5 takas.",
    ],
    ["ru", "Выгрузка готова: 1 обмен в 1 файле.", "Выгрузка готова: 2 обмена в 1 файле.", "Выгрузка готова: 5 обменов в 2 файлах."],
    [
      "uk",
      "Вивантаження готове: 1 обмін у 1 файлі.",
      "Вивантаження готове: 2 обміни у 1 файлі.",
      "Вивантаження готове: 5 обмінів у 2 файлах.",
    ],
  ])("in %s, says 1 and 2 exchanges, and 1 and 2 files, each in its own form", (locale, one, two, five) => {
    expect(t(locale, "export-done", { rows: 1, files: 1 })).toBe(one);
    expect(t(locale, "export-done", { rows: 2, files: 1 })).toBe(two);
    expect(t(locale, "export-done", { rows: 5, files: 2 })).toBe(five);
  });
});
