/**
 * The whole structured result of a call whose answer was cut to the 25 KB budget
 * (core/tools/result-limit.ts): read from the resource its summary names (through an
 * MCP client, or a test kernel's resources service); the answer itself when nothing was cut.
 */
type Reader =
  | { readResource(params: { uri: string }): Promise<{ contents: Array<{ text?: string }> }> }
  | { resources: { get(uri: string): Promise<{ text: string } | undefined> } };

export async function fullResult(reader: Reader, data: any): Promise<any> {
  const uri = typeof data?.summary === 'string' ? /toolpack:\/\/result\/[A-Za-z0-9._-]+/.exec(data.summary)?.[0] : undefined;
  if (!uri) return data;
  const text = 'readResource' in reader ? (await reader.readResource({ uri })).contents[0]?.text : (await reader.resources.get(uri))?.text;
  if (text === undefined) throw new Error(`the stored result ${uri} is missing`);
  return JSON.parse(text);
}
