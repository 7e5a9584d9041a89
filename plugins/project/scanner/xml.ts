/**
 * XML manifests (pom.xml, *.csproj, packages.config) read with fast-xml-parser: comments,
 * CDATA, attributes in any order and namespaces are the parser's business, not a regex's.
 * Not-well-formed XML is rejected whole with where and why (the scan reports it unreadable).
 * Entities are left unexpanded, so a DOCTYPE cannot make a small file expand into a huge one.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An element: child elements by tag name, attributes under "@name", text under "#text" when mixed with children. */
export type XmlElement = { [name: string]: XmlValue };
export type XmlValue = string | XmlElement | XmlValue[];

export class XmlParseError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'XmlParseError';
  }
}

/** The document as nested objects; `lists` names the elements that may repeat, so each reads as an array always. */
export function readXml(text: string, lists: readonly string[]): XmlElement {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlParseError(`not well-formed XML at line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`, valid.err.line);
  const repeated = new Set(lists);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
    removeNSPrefix: true,
    trimValues: true,
    isArray: (name) => repeated.has(name),
  });
  return parser.parse(text) as XmlElement;
}

/** The child element at a path of tag names; undefined when a step is missing or is text. */
export function xmlChild(element: XmlValue | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) {
    if (!isElement(current)) return undefined;
    current = current[name];
  }
  return isElement(current) ? current : undefined;
}

/** The children with one tag name (always a list). */
export function xmlChildren(element: XmlValue | undefined, name: string): XmlElement[] {
  if (!isElement(element)) return [];
  const value = element[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter(isElement);
}

/** The trimmed text of a child element or attribute ("@Version"); undefined when absent or empty. */
export function xmlText(element: XmlValue | undefined, name: string): string | undefined {
  if (!isElement(element)) return undefined;
  const value = element[name];
  const text = typeof value === 'string' ? value : isElement(value) && typeof value['#text'] === 'string' ? value['#text'] : undefined;
  return text?.trim() || undefined;
}

const isElement = (value: XmlValue | undefined): value is XmlElement => typeof value === 'object' && value !== null && !Array.isArray(value);
