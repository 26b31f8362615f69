import { describe, expect, it } from "vitest";
import { parseHtml, toPlain, trimFormatted } from "../../../src/devtools/emulator/html.js";

/** The error for an input, or a failure if it parsed. */
function errorOf(html: string): string {
  const r = parseHtml(html);
  if (r.ok) throw new Error(`expected ${JSON.stringify(html)} to be rejected, got ${JSON.stringify(r.text)}`);
  return r.error;
}

describe("parseHtml: what Telegram accepts", () => {
  it("turns supported tags into entities with UTF-16 offsets", () => {
    const r = parseHtml('💱 <b>Bold</b> <i>it</i> <u>u</u> <s>s</s> <code>c</code> <a href="https://x.org/?a=1&amp;b=2">link</a>');
    expect(r).toEqual({
      ok: true,
      text: "💱 Bold it u s c link",
      entities: [
        { type: "bold", offset: 3, length: 4 },
        { type: "italic", offset: 8, length: 2 },
        { type: "underline", offset: 11, length: 1 },
        { type: "strikethrough", offset: 13, length: 1 },
        { type: "code", offset: 15, length: 1 },
        { type: "text_link", offset: 17, length: 4, url: "https://x.org/?a=1&b=2" },
      ],
    });
  });

  it("accepts aliases, spoilers, blockquotes and pre with a language", () => {
    const r = parseHtml(
      '<strong>a</strong><em>b</em><ins>c</ins><strike>d</strike><del>e</del><span class="tg-spoiler">f</span><tg-spoiler>g</tg-spoiler>' +
        '<blockquote expandable>h</blockquote><pre><code class="language-ts">i</code></pre><tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>',
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toBe("abcdefghi👍");
    expect(r.entities.map((e) => e.type)).toEqual([
      "bold",
      "italic",
      "underline",
      "strikethrough",
      "strikethrough",
      "spoiler",
      "spoiler",
      "expandable_blockquote",
      "pre",
      "custom_emoji",
    ]);
    expect(r.entities.find((e) => e.type === "pre")).toMatchObject({ language: "ts", offset: 8, length: 1 });
  });

  it("decodes the four named entities and numeric ones, and leaves > alone", () => {
    const r = parseHtml("&lt;b&gt; &amp; &quot; &#65;&#x42; a > b");
    expect(r.ok && r.text).toBe('<b> & " AB a > b');
  });

  it("is case-insensitive for tag names and drops empty entities", () => {
    const r = parseHtml("<B>x</B><i></i>");
    expect(r).toEqual({ ok: true, text: "x", entities: [{ type: "bold", offset: 0, length: 1 }] });
  });
});

describe("parseHtml: what Telegram rejects", () => {
  it("rejects unsupported tags with the byte offset", () => {
    expect(errorOf("héllo <div>x</div>")).toBe('Unsupported start tag "div" at byte offset 7');
    expect(errorOf("<br>")).toBe('Unsupported start tag "br" at byte offset 0');
  });

  it("rejects a bare < (unescaped user text)", () => {
    expect(errorOf("a<b")).toBe("Unclosed start tag at byte offset 1");
    expect(errorOf("1 < 2")).toBe('Unsupported start tag "" at byte offset 2');
  });

  it("rejects unclosed and mismatched tags", () => {
    expect(errorOf("<b>x")).toBe('Can\'t find end tag corresponding to start tag "b"');
    expect(errorOf("<b><i>x</b></i>")).toBe('Unmatched end tag at byte offset 7, expected "</i>", found "</b>"');
    expect(errorOf("x</b>")).toBe("Unexpected end tag at byte offset 1");
    expect(errorOf('<a href="x>y</a>')).toBe("Unclosed start tag at byte offset 0");
  });

  it("rejects a bare & and unknown named entities", () => {
    expect(errorOf("Tom & Jerry")).toContain("'&'");
    expect(errorOf("&nbsp;")).toContain("byte offset 0");
    expect(errorOf("&#0;")).toContain("'&'");
  });

  it("requires span to be a spoiler", () => {
    expect(errorOf('<span class="x">a</span>')).toBe('Tag "span" must have class "tg-spoiler" at byte offset 0');
  });
});

describe("toPlain and trimFormatted", () => {
  it("strips tags and decodes entities", () => {
    expect(toPlain("<b>1 BTC</b> &gt; <i>2 ETH</i> &amp; more")).toBe("1 BTC > 2 ETH & more");
  });

  it("still gives readable text for HTML Telegram would reject", () => {
    expect(toPlain("<div>a &amp; b</div> & c")).toBe("a & b & c");
  });

  it("trims like Telegram, moving entities with the text", () => {
    expect(
      trimFormatted("  \nab cd \n", [
        { type: "bold", offset: 3, length: 2 },
        { type: "italic", offset: 0, length: 2 },
      ]),
    ).toEqual({
      text: "ab cd",
      entities: [{ type: "bold", offset: 0, length: 2 }],
    });
  });
});
