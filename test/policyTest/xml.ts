// A strict XML 1.0 reader for what a JUnit report may hold (elements, attributes, character data, the predefined
// and numeric entities, one prolog): it throws on anything not well-formed, so a report that parses is one CI
// tools can read. Just enough of XML for that; no DTDs, no CDATA, no namespaces.
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_][\w.-]*/;
// Characters XML 1.0 allows at all (§2.2), surrogate pairs included.
const ALLOWED = /^[\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]*$/u;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function parseXml(xml: string): XmlElement {
  if (!ALLOWED.test(xml)) throw new Error("a character XML does not allow");
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at offset ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
  };
  const decode = (s: string) => {
    if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(s)) fail("a raw < or & in text");
    return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_m, e: string) =>
      e.startsWith("#x") ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith("#") ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e]!,
    );
  };
  const ws = () => {
    while (/\s/.test(xml[i] ?? "")) i++;
  };
  if (xml.startsWith("<?xml")) {
    const end = xml.indexOf("?>");
    if (end < 0) fail("an unterminated prolog");
    i = end + 2;
  }
  ws();
  const element = (): XmlElement => {
    if (xml[i] !== "<") fail("expected <");
    i++;
    const name = NAME.exec(xml.slice(i))?.[0] ?? fail("expected an element name");
    i += name.length;
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = i;
      ws();
      if (xml.startsWith("/>", i)) {
        i += 2;
        return { name, attributes, children: [], text: "" };
      }
      if (xml[i] === ">") {
        i++;
        break;
      }
      if (i === before) fail("expected whitespace before an attribute");
      const attr = NAME.exec(xml.slice(i))?.[0] ?? fail("expected an attribute name");
      i += attr.length;
      if (xml[i] !== "=") fail("expected =");
      i++;
      const quote = xml[i];
      if (quote !== '"' && quote !== "'") fail("expected a quoted value");
      const end = xml.indexOf(quote!, i + 1);
      if (end < 0) fail("an unterminated attribute value");
      if (attr in attributes) fail(`a repeated attribute ${attr}`);
      attributes[attr] = decode(xml.slice(i + 1, end));
      i = end + 1;
    }
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      const next = xml.indexOf("<", i);
      if (next < 0) fail(`an unclosed <${name}>`);
      text += decode(xml.slice(i, next));
      i = next;
      if (xml.startsWith(`</`, i)) {
        i += 2;
        if (!xml.startsWith(name, i)) fail(`a closing tag that is not </${name}>`);
        i += name.length;
        ws();
        if (xml[i] !== ">") fail("expected >");
        i++;
        return { name, attributes, children, text };
      }
      children.push(element());
    }
  };
  const root = element();
  ws();
  if (i !== xml.length) fail("content after the root element");
  return root;
}
