/**
 * MCP prompts for the flows the seeds recommend (issue 26 item 3), as data: the seven
 * documentation flows (seed 001 section 1) and the four ADR sequences (seed 000 section 4).
 * Each names its tools in the seed's order with the parameters to pass, as the tools spell
 * them (shared/spec/tool-surface.json), and what to carry from one step to the next: a model
 * that runs a flow from its prompt does not guess parameter names or lose the analysisId.
 * prompt-handlers.ts renders them and enables the toolsets their tools belong to.
 */

export interface PromptArgumentSpec {
  name: string;
  description: string;
  required?: boolean;
  /** Shown in the steps when the argument is absent: a value, or a `<...>` hint for the model. */
  default?: string;
}

/** A parameter value; objects are filled key by key. */
export type StepValue = string | number | boolean | { [key: string]: StepValue };

export interface FlowStep {
  tool: string;
  /**
   * Parameters to pass. A string value "{arg}" is a prompt argument (the key is left out when the
   * argument is absent and has no default); "<...>" is a value from an earlier step's result.
   */
  args: Record<string, StepValue>;
  /** What to keep from this step's result for the later ones. */
  passOn?: string;
  /** The step runs only when this prompt argument is given (the seed's "if a PRD exists"). */
  onlyWith?: string;
  /** Run it only when the conversation has no value yet for what it produces (not one of the seed's steps). */
  ifNeeded?: string;
}

export interface FlowPrompt {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgumentSpec[];
  /** The opening line of the message; "{arg}" placeholders as in steps. */
  goal: string;
  steps: FlowStep[];
}

const projectPath = (what = 'Project folder'): PromptArgumentSpec => ({
  name: 'projectPath',
  description: `${what}, relative to the workspace root ("." for the root).`,
  required: true,
});
const docsPath = (required: boolean): PromptArgumentSpec => ({
  name: 'docsPath',
  description: required ? 'Docs folder, relative to the workspace root (e.g. "docs").' : 'Docs site folder, relative to the workspace root; default "docs".',
  ...(required ? { required: true } : { default: 'docs' }),
});
const adrDirectory: PromptArgumentSpec = { name: 'adrDirectory', description: 'ADR folder, relative to the project; default docs/adrs.' };
const ssgArg: PromptArgumentSpec = {
  name: 'ssg',
  description: 'Site generator: jekyll, hugo, docusaurus, mkdocs or eleventy; default: the one detected.',
  default: "<manage_sitemap's generator, else the generator configured in the docs folder>",
};

// Steps several flows share.
const ANALYZE: FlowStep = {
  tool: 'analyze_repository',
  args: { path: '{projectPath}', depth: 'standard' },
  passOn: 'Keep the result\'s `id`: it is the `analysisId` the later steps take.',
};
const RECOMMEND: FlowStep = {
  tool: 'recommend_ssg',
  args: { analysisId: '<id from analyze_repository>' },
  passOn: 'Keep `recommended.ssg`: it is the `ssg` of the next steps (or the generator the user prefers).',
};
const CONFIGURE: FlowStep = {
  tool: 'generate_config',
  args: { ssg: '<recommended.ssg>', projectName: '{projectName}', outputPath: '{docsPath}' },
  passOn: 'Keep `outputPath`: the site root setup_structure takes as `path`.',
};
const STRUCTURE: FlowStep = {
  tool: 'setup_structure',
  args: { path: '<outputPath from generate_config>', ssg: '<recommended.ssg>' },
  passOn: 'The Diataxis sections are `sections[].directory`; their parent folder is the content folder.',
};
const DEPLOY: FlowStep = {
  tool: 'deploy_pages',
  args: { repository: '{projectPath}', ssg: '<recommended.ssg>' },
  passOn: 'It writes the Pages workflow; commit and push it to publish, then verify_deployment can check the site.',
};
const projectName: PromptArgumentSpec = { name: 'projectName', description: 'Site title; default: the project\'s name.', default: "<the project's name, from analyze_repository or its README>" };

export const FLOW_PROMPTS: readonly FlowPrompt[] = [
  {
    name: 'docs-site-deploy',
    title: 'Deploy a documentation site',
    description: 'Documentation flow 1: analyse the repository, pick a site generator, configure it, lay out the Diataxis structure, and deploy to Pages.',
    arguments: [projectPath(), docsPath(false), projectName],
    goal: 'Set up a documentation site for the project in "{projectPath}" (site folder "{docsPath}") and deploy it to Pages.',
    steps: [ANALYZE, RECOMMEND, CONFIGURE, STRUCTURE, DEPLOY],
  },
  {
    name: 'docs-populate',
    title: 'Write Diataxis content',
    description: 'Documentation flow 2: analyse the repository, write tutorial, how-to, reference and explanation pages from it, and validate them.',
    arguments: [projectPath(), docsPath(true)],
    goal: 'Write Diataxis documentation for the project in "{projectPath}" into "{docsPath}", then validate it.',
    steps: [
      ANALYZE,
      {
        tool: 'populate_diataxis_content',
        args: { analysisId: '<id from analyze_repository>', docsPath: '{docsPath}' },
        passOn: 'Check `skippedFiles` (pages kept because they were not generated).',
      },
      { tool: 'validate_diataxis_content', args: { contentPath: '{docsPath}', analysisId: '<id from analyze_repository>' }, passOn: 'Fix the findings it reports per page.' },
    ],
  },
  {
    name: 'docs-update',
    title: 'Update existing documentation',
    description: 'Documentation flow 3: find what the code has that the docs lack, revise the existing pages, and check them.',
    arguments: [projectPath(), docsPath(true)],
    goal: 'Bring the documentation in "{docsPath}" up to date with the code of the project in "{projectPath}".',
    steps: [
      { ...ANALYZE, ifNeeded: 'you have no analysisId for this project yet' },
      {
        tool: 'detect_documentation_gaps',
        args: { repositoryPath: '{projectPath}', documentationPath: '{docsPathInProject}', analysisId: '<id from analyze_repository>' },
        passOn: 'Its `gaps` (with suggested pages) and `stale` are what the update should cover.',
      },
      {
        tool: 'update_existing_documentation',
        args: { analysisId: '<id from analyze_repository>', docsPath: '{docsPath}' },
        passOn: 'Review the proposed edits; `written` lists the pages changed.',
      },
      { tool: 'validate_content', args: { contentPath: '{docsPath}' }, passOn: 'Fix the broken links and code it reports.' },
    ],
  },
  {
    name: 'docs-freshness',
    title: 'Check documentation freshness',
    description: 'Documentation flow 4: validate the docs\' freshness metadata against git, then report which pages are stale.',
    arguments: [projectPath(), docsPath(true)],
    goal: 'Find the stale pages in "{docsPath}" (project "{projectPath}").',
    steps: [
      {
        tool: 'validate_documentation_freshness',
        args: { docsPath: '{docsPath}', projectPath: '{projectPath}' },
        passOn: 'It initialises missing metadata; pages whose code changed since they were validated are listed.',
      },
      { tool: 'track_documentation_freshness', args: { docsPath: '{docsPath}', projectPath: '{projectPath}' }, passOn: 'Report the stale and critical pages first.' },
    ],
  },
  {
    name: 'docs-sitemap-deploy',
    title: 'Generate a sitemap and deploy',
    description: 'Documentation flow 5: generate the sitemap, deploy the site, and validate the sitemap.',
    arguments: [projectPath(), docsPath(true), { name: 'baseUrl', description: 'Absolute site URL, e.g. https://example.com/docs/.', required: true }, ssgArg],
    goal: 'Publish the docs in "{docsPath}" (project "{projectPath}") at {baseUrl} with a sitemap.',
    steps: [
      {
        tool: 'manage_sitemap',
        args: { action: 'generate', docsPath: '{docsPath}', baseUrl: '{baseUrl}' },
        passOn: 'Keep `generator`: the `ssg` deploy_pages takes, unless one was given.',
      },
      { ...DEPLOY, args: { repository: '{projectPath}', ssg: '{ssg}' } },
      { tool: 'manage_sitemap', args: { action: 'validate', docsPath: '{docsPath}' }, passOn: 'Fix the errors it lists before publishing.' },
    ],
  },
  {
    name: 'docs-full-setup',
    title: 'Full documentation setup',
    description: 'Documentation flow 6: analysis, generator recommendation, configuration, structure, content, deployment.',
    arguments: [projectPath(), docsPath(false), projectName],
    goal: 'Create a complete documentation site for the project in "{projectPath}" (site folder "{docsPath}"): structure, content and deployment.',
    steps: [
      ANALYZE,
      RECOMMEND,
      CONFIGURE,
      STRUCTURE,
      {
        tool: 'populate_diataxis_content',
        args: { analysisId: '<id from analyze_repository>', docsPath: '<the parent folder of setup_structure\'s sections[].directory>' },
        passOn: 'Check `skippedFiles` (pages kept because they were not generated).',
      },
      DEPLOY,
    ],
  },
  {
    name: 'docs-quality-check',
    title: 'Documentation quality check',
    description: 'Documentation flow 7: detect documentation gaps, then validate links and code, then Diataxis compliance.',
    arguments: [projectPath(), docsPath(true)],
    goal: 'Review the quality of the documentation in "{docsPath}" for the project in "{projectPath}".',
    steps: [
      {
        tool: 'detect_documentation_gaps',
        args: { repositoryPath: '{projectPath}', documentationPath: '{docsPathInProject}' },
        passOn: 'Report its `gaps` and `stale` items.',
      },
      { tool: 'validate_content', args: { contentPath: '{docsPath}' }, passOn: 'Report broken links and code.' },
      { tool: 'validate_diataxis_content', args: { contentPath: '{docsPath}' }, passOn: 'Report the findings per page, most severe first.' },
    ],
  },
  {
    name: 'adr-new-project',
    title: 'ADRs for a new project',
    description: 'ADR sequence "New project setup": analyse the ecosystem, write ADRs from the PRD, turn them into tasks, score the project.',
    arguments: [projectPath(), { name: 'prdPath', description: 'Product requirements document, relative to the workspace; without it the ADR step is skipped.' }, adrDirectory],
    goal: 'Set up architecture decisions for the new project in "{projectPath}".',
    steps: [
      { tool: 'analyze_project_ecosystem', args: { projectPath: '{projectPath}' }, passOn: 'Its technologies are the context for the decisions.' },
      {
        tool: 'generate_adrs_from_prd',
        args: { prdPath: '{prdPath}', projectPath: '{projectPath}', adrDirectory: '{adrDirectory}' },
        onlyWith: 'prdPath',
        passOn: 'Review the ADRs it writes; accepted ones become tasks in the next step.',
      },
      { tool: 'generate_adr_todo', args: { projectPath: '{projectPath}', adrDirectory: '{adrDirectory}' }, passOn: 'Keep `todoPath` for progress checks later.' },
      { tool: 'smart_score', args: { operation: 'recalculate_scores', projectPath: '{projectPath}' }, passOn: 'Report the score and its weakest component.' },
    ],
  },
  {
    name: 'adr-existing-project',
    title: 'ADRs for an existing project',
    description: 'ADR sequence "Existing project analysis": list the ADRs, analyse the ecosystem, suggest missing ADRs, compare decisions with the code.',
    arguments: [projectPath(), adrDirectory],
    goal: 'Review the architecture decisions of the project in "{projectPath}" against its code.',
    steps: [
      { tool: 'discover_existing_adrs', args: { projectPath: '{projectPath}', adrDirectory: '{adrDirectory}' }, passOn: 'Note the ADRs and the problems in the log.' },
      { tool: 'analyze_project_ecosystem', args: { projectPath: '{projectPath}' }, passOn: 'Its technologies show which decisions the code embodies.' },
      { tool: 'suggest_adrs', args: { projectPath: '{projectPath}', adrDirectory: '{adrDirectory}' }, passOn: 'Decisions in the code that no ADR records.' },
      { tool: 'compare_adr_progress', args: { projectPath: '{projectPath}', adrDirectory: '{adrDirectory}' }, passOn: 'Report gaps and conflicts per ADR and the alignment score.' },
    ],
  },
  {
    name: 'security-review',
    title: 'Security review before a push',
    description: 'ADR sequence "Security review": scan content for secrets, mask them, check what a push would send, then the deployment readiness.',
    arguments: [projectPath()],
    goal: 'Review the project in "{projectPath}" for secrets and sensitive data before it is pushed or shared.',
    steps: [
      {
        tool: 'analyze_content_security',
        args: { content: '<the text to review: a file, diff or message about to be shared>' },
        passOn: 'If it finds sensitive items, mask that same content next.',
      },
      { tool: 'generate_content_masking', args: { content: '<the same text>' }, passOn: 'Use the masked text instead of the original.' },
      { tool: 'smart_git_push', args: { operation: 'security_check', projectPath: '{projectPath}' }, passOn: 'It only checks: list the blockers; push only when the user asks.' },
      { tool: 'deployment_readiness', args: { operation: 'security_scan', projectPath: '{projectPath}' }, passOn: 'Report the verdict and what blocks it.' },
    ],
  },
  {
    name: 'troubleshoot',
    title: 'Troubleshoot a failure',
    description: 'ADR sequence "Troubleshooting": analyse the failure, check the AI execution setup, diagnose the scores, get guidance for the fix.',
    arguments: [projectPath(), { name: 'problem', description: 'What fails, in your words, with the error output if any.', required: true }],
    goal: 'Troubleshoot this failure in the project in "{projectPath}": {problem}',
    steps: [
      {
        tool: 'troubleshoot_guided_workflow',
        args: { operation: 'analyze_failure', projectPath: '{projectPath}', failureInfo: { failureType: '<kind, e.g. test or build>', failureDetails: '{problem}' } },
        passOn: 'Keep the likely causes and the suggested checks.',
      },
      { tool: 'check_ai_execution_status', args: {}, passOn: 'Whether model-backed features are configured (a common cause of degraded results).' },
      { tool: 'smart_score', args: { operation: 'diagnose_scores', projectPath: '{projectPath}' }, passOn: 'The weakest area and its fixes.' },
      {
        tool: 'get_workflow_guidance',
        args: { goal: 'Fix: {problem}', projectPath: '{projectPath}' },
        passOn: 'Give the user the plan, with the causes found above.',
      },
    ],
  },
];
