/**
 * The ecosystem report: the full version is stored as a resource, the
 * compact one (top entries and counts) is returned inline.
 */
import type { ScanResult } from '../service.js';
import { BoundedReader } from '../environment/read.js';
import type { EnvironmentReport } from '../environment/schema.js';
import type { ConversationUseValue } from './focus.js';
import { qualitySignals, type QualitySignals } from './quality.js';
import { recommendations, type Recommendation } from './recommendations.js';
import type { EcosystemResult } from './schema.js';
import { technologyStack, type StackDetection, type TechnologyStack } from './stack.js';
import { architecturePatterns, services, subprojects, type ArchitecturePattern, type RecursiveDepth, type Service, type Subprojects } from './structure.js';

export interface EcosystemReport {
  tool: 'analyze_project_ecosystem';
  projectPath: string;
  generatedAt: string;
  options: { recursiveDepth: RecursiveDepth; strictMode: boolean; includeEnvironment: boolean };
  scan: EcosystemResult['scan'];
  technologyStack: TechnologyStack;
  architecture: { patterns: ArchitecturePattern[]; services: Service[]; subprojects: Subprojects };
  infrastructure: ScanResult['scan']['infrastructure'];
  ci: ScanResult['scan']['ci'];
  documentation: ScanResult['scan']['documentation'];
  quality: QualitySignals;
  /** `serves`: the conversationContext focus areas and goals it serves (focus.ts). */
  recommendations: Array<Recommendation & { serves?: string[] }>;
  skipped: ScanResult['scan']['skipped'];
  conversation?: ConversationUseValue;
  environment?: EnvironmentReport;
  aiSummary?: string;
}

export async function buildReport(
  root: string,
  projectPath: string,
  result: ScanResult,
  options: { recursiveDepth: RecursiveDepth; strictMode: boolean; includeEnvironment: boolean },
): Promise<EcosystemReport> {
  const { scan, files } = result;
  const stack = technologyStack(scan, files, options.strictMode);
  const found = subprojects(scan, files, options.recursiveDepth);
  const quality = await qualitySignals(scan, files, new BoundedReader(root));
  return {
    tool: 'analyze_project_ecosystem',
    projectPath,
    generatedAt: new Date().toISOString(),
    options,
    scan: { fingerprint: scan.fingerprint, cached: result.cached, source: scan.source, files: scan.files.count, bytes: scan.files.bytes, truncated: scan.truncated },
    technologyStack: stack,
    architecture: { patterns: architecturePatterns(scan, found, options.strictMode), services: services(scan), subprojects: found },
    infrastructure: scan.infrastructure,
    ci: scan.ci,
    documentation: scan.documentation,
    quality,
    recommendations: recommendations(scan, files, quality),
    skipped: scan.skipped,
  };
}

const top = (detections: readonly StackDetection[]) => ({
  total: detections.length,
  top: detections.slice(0, 10).map((detection) => ({ ...detection, evidence: detection.evidence.slice(0, 3) })),
});

/** The inline view: at most 10-15 entries per list, evidence trimmed, counts kept. */
export function compact(report: EcosystemReport): Omit<EcosystemResult, 'resourceUri' | 'aiEnhanced' | 'knowledgeEnhancement' | 'learning' | 'summary'> {
  const { technologyStack: stack, architecture, infrastructure, quality } = report;
  const { items: subprojectItems, ...subprojectCounts } = architecture.subprojects;
  const kinds: Record<string, number> = {};
  for (const resource of infrastructure.kubernetes) kinds[resource.kind] = (kinds[resource.kind] ?? 0) + 1;
  return {
    projectPath: report.projectPath,
    scan: report.scan,
    options: report.options,
    technologyStack: {
      languages: stack.languages.slice(0, 8),
      languageCount: stack.languages.length,
      ecosystems: stack.ecosystems,
      manifests: stack.manifests.slice(0, 10),
      manifestCount: stack.manifestCount,
      leftOut: { total: stack.leftOut.length, top: stack.leftOut.slice(0, 10) },
      frameworks: top(stack.frameworks),
      databases: top(stack.databases),
      messaging: top(stack.messaging),
      testing: top(stack.testing),
    },
    architecture: {
      patterns: architecture.patterns.map((pattern) => ({ ...pattern, evidence: pattern.evidence.slice(0, 5) })),
      services: { total: architecture.services.length, top: architecture.services.slice(0, 10) },
      subprojects: {
        ...subprojectCounts,
        top: subprojectItems.slice(0, 15).map((item) => ({
          path: item.path,
          depth: item.depth,
          manifests: item.manifests.map((manifest) => manifest.path),
          frameworks: item.frameworks,
          databases: item.databases,
          languages: item.languages.map((language) => language.language),
          files: item.files,
          testFiles: item.testFiles,
          dockerfile: item.dockerfile,
        })),
      },
    },
    infrastructure: {
      dockerfiles: infrastructure.dockerfiles.slice(0, 10).map(({ path, images }) => ({ path, images })),
      compose: infrastructure.compose.slice(0, 5).map((file) => ({ path: file.path, services: file.services.map((service) => service.name).slice(0, 20) })),
      kubernetes: { resources: infrastructure.kubernetes.length, kinds },
      helm: infrastructure.helm.map((chart) => chart.path).slice(0, 10),
      terraform: { files: infrastructure.terraform.files.length, providers: infrastructure.terraform.providers },
      serverless: infrastructure.serverless.map((config) => `${config.path} (${config.platform})`),
    },
    quality: {
      ...quality,
      ci: { providers: quality.ci.providers, configs: quality.ci.configs.slice(0, 10) },
      linting: quality.linting.map((signal) => ({ ...signal, evidence: signal.evidence.slice(0, 3) })),
      formatting: quality.formatting.map((signal) => ({ ...signal, evidence: signal.evidence.slice(0, 3) })),
      typing: { ...quality.typing, typescript: quality.typing.typescript.slice(0, 10) },
    },
    recommendations: report.recommendations.slice(0, 15).map((item) => ({ ...item, evidence: item.evidence.slice(0, 5) })),
    ...(report.environment ? { environment: report.environment } : {}),
  };
}

export function summarise(report: EcosystemReport): string {
  const { technologyStack: stack, architecture, quality } = report;
  const parts: string[] = [];
  const names = (detections: readonly StackDetection[]) => detections.map((detection) => detection.name).join(', ');
  if (stack.languages.length > 0) parts.push(`Languages: ${stack.languages.slice(0, 4).map((language) => `${language.language} ${language.share}%`).join(', ')}.`);
  if (stack.ecosystems.length > 0) parts.push(`Ecosystems: ${stack.ecosystems.map((entry) => `${entry.ecosystem} (${entry.manifests} manifests, ${entry.dependencies} dependencies)`).join(', ')}.`);
  for (const [label, list] of [['Frameworks', stack.frameworks], ['Databases', stack.databases], ['Messaging', stack.messaging], ['Tests', stack.testing]] as const) {
    if (list.length > 0) parts.push(`${label}: ${names(list)}.`);
  }
  if (stack.leftOut.length > 0) {
    const kinds = [...new Set(stack.leftOut.map((entry) => entry.from))].join(', ');
    parts.push(`Left out as not the product's: ${stack.leftOut.length} (${kinds}).`);
  }
  if (architecture.patterns.length > 0) parts.push(`Patterns: ${architecture.patterns.map((pattern) => pattern.kind).join(', ')}.`);
  if (architecture.subprojects.total > 0) parts.push(`${architecture.subprojects.total} subprojects (${architecture.subprojects.included} within depth ${architecture.subprojects.recursiveDepth}).`);
  parts.push(quality.ci.providers.length > 0 ? `CI: ${quality.ci.providers.join(', ')}.` : 'No CI.');
  parts.push(`Tests: ${quality.tests.files} files (ratio ${quality.tests.ratio}).`);
  const high = report.recommendations.filter((item) => item.priority === 'high').length;
  parts.push(`${report.recommendations.length} recommendations (${high} high priority).`);
  return parts.join(' ');
}
