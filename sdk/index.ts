/** toolpack/sdk: everything a pack author imports. */
export { createServiceRef, createExtensionPoint, optional } from './refs.js';
export type { ServiceRef, OptionalServiceRef, ExtensionPoint, DepsSpec, ResolvedDeps } from './refs.js';
export { createEventTopic } from './events.js';
export type { EventTopic, EventPayload } from './events.js';
export { defineTool, lazyHandler } from './tool.js';
export type { ToolDefinition, AnyToolDefinition, ToolContext, ToolHandler, ToolAnnotations, ToolConfirmation, ProgressUpdate } from './tool.js';
export { definePlugin, defineModule, isPluginManifest, isModuleManifest } from './plugin.js';
export type {
  PluginManifest,
  ModuleManifest,
  PluginRegistrationEnv,
  PluginDefinition,
  PackOptions,
  ModuleRegistrationEnv,
  InitResult,
  InitSpec,
  ServiceFactory,
  ResultMiddleware,
  ResultMiddlewareOptions,
  Migration,
  ResourceKindDefinition,
  ToolResult,
} from './plugin.js';
export { coreServices } from './services.js';
export type * from './services.js';
export {
  ToolError,
  ValidationError,
  FileSystemError,
  NetworkError,
  ConfigurationError,
  ContentError,
  isToolError,
} from './errors.js';
export type { ToolErrorType } from './errors.js';
export { Type, StringEnum, Params } from './schema.js';
export type { Static, TSchema, TObject } from './schema.js';
export { defineConfig } from './config.js';
export type { ToolpackConfig } from './config.js';
export { openConfined, readConfinedText, readHead, isWithinRoots } from './confined-fs.js';
export type { ConfinedFile, ConfinedOptions } from './confined-fs.js';
export { runGit, locateGitDir, hardenedGitConfig, gitEnv, configArgs, GitRefusedError, GIT_SAFE_CONFIG, GIT_DIFF_FLAGS } from './git.js';
export type { GitLocation, RunGitOptions } from './git.js';
export { canonicalName, isGitName, isToolpackDataName, isConfigName, isPackageJsonName, isProtectedName, protectedPathReason, protectedWriteReason } from './protected-paths.js';
export { parseMarkdown, plainText, TASK_MARKERS } from './markdown.js';
export type { MarkdownDocument, MarkdownHeading, MarkdownSection, MarkdownTaskItem, MarkdownLink, TaskState, MarkdownRoot, MarkdownNode, MarkdownBlock } from './markdown.js';
export { createSearchIndex, indexText, removeText, searchText } from './store-search.js';
export { DIATAXIS_SECTIONS, defineSsgAdapter } from './ssg.js';
export { SsgAdapterSchema, SsgTraitsSchema } from './ssg-schema.js';
export { ContributionConflictError, isContributionConflict } from './contribution-errors.js';
export type { SsgAdapter, SsgAdapterRegistry, SsgTraits, SsgEcosystem, SiteFile, SitePage, WorkflowStep, SsgCommand, DiataxisSection } from './ssg.js';
export { writeAtomic } from './atomic-write.js';
export { writeWorkspaceText } from './workspace-write.js';
export { findGenerator, FALLBACK_GENERATORS } from './site-generator.js';
export type { GeneratorDetector, FoundGenerator } from './site-generator.js';
export { githubSlug, mkdocsSlug, Slugger, slugsOf, slugStyleOf, editDistance, nearest } from './slug.js';
export type { SlugStyle } from './slug.js';
export { readFrontMatter, writeFrontMatter, updateFrontMatter, setFrontMatterIn } from './front-matter.js';
export type { FrontMatterSplit } from './front-matter.js';
export { treeSitterParser } from './tree-sitter-public.js';
export type { SyntaxParser, SyntaxTree, SyntaxNode, SyntaxPoint } from './tree-sitter-public.js';
export { spawnProcess, runProcess, systemBinary, isExecutable, groupAlive, delay } from './process.js';
export type { ProcessOptions, ProcessResult, GroupProcess, ExitStatus } from './process.js';
export { childEnv, safePath, isSecretEnvName, TOOLCHAIN_ENV } from './process-env.js';
export { describeProjectCode, showCommand, approvedCommand, PROJECT_CODE_POLICIES } from './project-code.js';
export type { ProjectCodePolicy, ProjectCodeRun, Execution } from './project-code.js';
export { lineIndex } from './lines.js';
export { localServerClient, httpFailureOf, HttpRequestError } from './http-client.js';
export type { HttpRequestOptions, HttpResponse, HttpFailure, NetworkPolicy } from './http-client.js';
export { classifyAddress } from './ip-address.js';
export type { AddressCategory } from './ip-address.js';
