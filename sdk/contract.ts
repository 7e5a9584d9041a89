/**
 * The pack contract (`toolpack/testing`): the checks every built-in pack
 * passes, for a third-party pack to run in its own tests. The pack (and its
 * modules) start on a real kernel, and a real MCP client lists and calls its
 * tools. Test-framework neutral: `runPackContract` reports every failure, and
 * `assertPackContract` throws one error listing them all, so a vitest or
 * node:test file needs one line.
 */
import { compileSchema } from '../core/tools/schema-validator.js';
import type { ToolpackConfig } from './config.js';
import { isModuleManifest, type ModuleManifest, type PluginManifest } from './plugin.js';
import { connectTestClient, startTestToolpack } from './testing.js';
import type { TestClient, TestToolListing, TestToolpack } from './testing-types.js';

export interface PackContractOptions {
  /**
   * The server the subjects join, as a toolpack.config.ts gives it: e.g.
   * `{ plugins: ['security', 'ssg'] }` for modules extending those built-in packs. Default: no other pack.
   */
  config?: ToolpackConfig;
  /** Other packs or modules, given in code, that the subjects need. */
  with?: Array<PluginManifest | ModuleManifest>;
  /** Workspace root; a fresh temp folder by default. */
  workspace?: string;
}

export interface PackContractFailure {
  /** Which rule: 'starts', 'loaded', 'listed', 'description', 'annotations', 'input-schema', 'parameter-description', 'output-schema', 'schema-compiles', 'refuses-unknown-arguments'. */
  check: string;
  /** What broke it: "pack acme", "module ssg/vitepress", "tool word_count", "tool word_count, parameter path". */
  subject: string;
  message: string;
}

export interface PackContractReport {
  packs: string[];
  modules: string[];
  /** The subjects' tools that were checked. */
  tools: string[];
  failures: PackContractFailure[];
}

/** Thrown by assertPackContract: one line per failure. */
export class PackContractError extends Error {
  constructor(readonly report: PackContractReport) {
    super(
      `The pack contract failed (${report.failures.length} ${report.failures.length === 1 ? 'problem' : 'problems'}):\n` +
        report.failures.map((f) => `- ${f.subject} [${f.check}]: ${f.message}`).join('\n'),
    );
    this.name = 'PackContractError';
  }
}

/** A capital letter, 30 characters or more, and a sentence end: what tells a model when to use a tool. */
const FULL_SENTENCE = /^[A-Z].{30,}[.!?]( |$)/s;
/** A parameter name no tool declares: its call must be refused before the handler runs. */
const PROBE = '__toolpack_contract_probe__';

const listify = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

/** Run the contract on `subjects` (packs and modules); every failure is reported, none thrown. */
export async function runPackContract(subjects: PluginManifest | ModuleManifest | Array<PluginManifest | ModuleManifest>, options: PackContractOptions = {}): Promise<PackContractReport> {
  const list = listify(subjects);
  const packs = list.filter((s): s is PluginManifest => !isModuleManifest(s)).map((p) => p.id);
  const modules = list.filter(isModuleManifest).map((m) => `${m.pluginId}/${m.moduleId}`);
  const report: PackContractReport = { packs, modules, tools: [], failures: [] };
  const fail = (check: string, subject: string, message: string) => report.failures.push({ check, subject, message });

  let kernel: TestToolpack;
  try {
    kernel = await startTestToolpack({ config: options.config, workspace: options.workspace, plugins: [...(options.with ?? []), ...list] });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    fail('starts', list.map(subjectOf).join(', '), `the server did not start${typeof code === 'string' ? ` (${code})` : ''}: ${error instanceof Error ? error.message : String(error)}`);
    return report;
  }
  let client: TestClient | undefined;
  try {
    const info = kernel.packInfo();
    for (const id of packs) {
      const pack = info.find((p) => p.id === id);
      if (pack?.state !== 'loaded') fail('loaded', `pack ${id}`, `its state is ${pack?.state ?? 'absent'}${pack?.error ? `: ${pack.error}` : ''}`);
      else report.tools.push(...pack.tools);
    }
    for (const module of list.filter(isModuleManifest)) {
      const host = info.find((p) => p.id === module.pluginId);
      const mine = host?.modules?.find((m) => m.id === module.moduleId);
      if (host?.state !== 'loaded') fail('loaded', subjectOf(module), `the pack it extends, "${module.pluginId}", is ${host?.state ?? 'not loaded: list it in options.config.plugins or options.with'}${host?.error ? `: ${host.error}` : ''}`);
      else if (mine && mine.state !== 'loaded') fail('loaded', subjectOf(module), `its state is ${mine.state}${mine.error ? `: ${mine.error}` : ''}`);
    }

    client = await connectTestClient(kernel);
    const { tools } = await client.listTools();
    for (const name of report.tools) {
      const tool = tools.find((t) => t.name === name);
      if (!tool) fail('listed', `tool ${name}`, 'the pack registered it, but tools/list does not show it');
      else await checkTool(tool, client, fail);
    }
  } finally {
    await client?.close();
    await kernel.stop();
  }
  return report;
}

/** Run the contract and throw a PackContractError listing every failure; returns the report when all pass. */
export async function assertPackContract(subjects: PluginManifest | ModuleManifest | Array<PluginManifest | ModuleManifest>, options: PackContractOptions = {}): Promise<PackContractReport> {
  const report = await runPackContract(subjects, options);
  if (report.failures.length > 0) throw new PackContractError(report);
  return report;
}

function subjectOf(subject: PluginManifest | ModuleManifest): string {
  return isModuleManifest(subject) ? `module ${subject.pluginId}/${subject.moduleId}` : `pack ${subject.id}`;
}

async function checkTool(tool: TestToolListing, client: TestClient, fail: (check: string, subject: string, message: string) => void): Promise<void> {
  const subject = `tool ${tool.name}`;
  if (!FULL_SENTENCE.test(tool.description ?? '')) {
    fail('description', subject, `the description must tell a model when to use the tool in at least one full sentence: a capital letter first, 30 characters or more, ending in ".", "!" or "?" (got ${JSON.stringify(tool.description ?? '')})`);
  }
  if (!tool.annotations) fail('annotations', subject, 'declare annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) so clients know what calling it does');

  const input = tool.inputSchema;
  if (input.type !== 'object') fail('input-schema', subject, `the input schema must be an object schema (got type ${JSON.stringify(input.type)})`);
  if (input.additionalProperties !== false) fail('input-schema', subject, 'the input schema must refuse unknown parameters (additionalProperties: false): build it with Params({...})');
  for (const [name, property] of Object.entries(input.properties ?? {})) {
    const description = (property as { description?: unknown }).description;
    if (typeof description !== 'string' || description.trim().length < 6) fail('parameter-description', `${subject}, parameter ${name}`, 'every parameter needs a description (6 characters or more) saying what to pass');
  }
  if (tool.outputSchema?.type !== 'object') fail('output-schema', subject, 'the output schema must be an object schema: structuredContent is an object');
  for (const [which, schema] of [['input', input], ['output', tool.outputSchema]] as const) {
    if (!schema) continue;
    try {
      compileSchema(schema);
    } catch (error) {
      fail('schema-compiles', subject, `the ${which} schema does not compile: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  // The kernel checks arguments before the handler: a call with an unknown parameter must come back as a ValidationError naming it.
  const probe = await client.callTool({ name: tool.name, arguments: { [PROBE]: true } });
  const error = (probe.structuredContent as { error?: { type?: string; message?: string } } | undefined)?.error;
  if (probe.isError !== true || error?.type !== 'ValidationError' || !error.message?.includes(PROBE)) {
    fail('refuses-unknown-arguments', subject, `a call with the unknown parameter "${PROBE}" must fail with a ValidationError naming it (got ${JSON.stringify(probe.structuredContent ?? probe.content).slice(0, 300)})`);
  }
}
