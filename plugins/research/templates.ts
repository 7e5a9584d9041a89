/** The sections of a research template per research type. Every type ends with Findings and Recommendations, the sections incorporate_research reads. */
import type { AnalysisType } from './questions/types.js';

interface Section {
  heading: string;
  /** What to write there, as an HTML comment the reader replaces. */
  hint: string;
  /** Markdown scaffolding under the hint (a table, a list). */
  body?: string;
}

const FINDINGS: Section = { heading: 'Findings', hint: 'What the research found: one list item per finding, with its source (measurement, document, experiment).', body: '- ' };
const RECOMMENDATIONS: Section = { heading: 'Recommendations', hint: 'What to decide, one item per recommendation; incorporate_research carries these into the ADRs.', body: '- ' };
const REFERENCES: Section = { heading: 'References', hint: 'Links to the documents, benchmarks and code read.', body: '- ' };

export const TEMPLATE_SECTIONS: Record<AnalysisType, Section[]> = {
  technology: [
    { heading: 'Question', hint: 'The technology choice to settle, in one sentence.' },
    { heading: 'Context', hint: 'Where the project uses or needs it: files, modules, current dependencies.' },
    { heading: 'Options compared', hint: 'The candidates, one row each.', body: '| Option | Version | Maturity | Licence | Notes |\n| --- | --- | --- | --- | --- |\n|  |  |  |  |  |' },
    { heading: 'Evaluation criteria', hint: 'What decides between them, most important first (performance, ecosystem, team skills, cost).', body: '1. ' },
    { heading: 'Benchmarks', hint: 'What was measured, on which workload and hardware, and the numbers.', body: '| Option | Metric | Result |\n| --- | --- | --- |\n|  |  |  |' },
    FINDINGS,
    RECOMMENDATIONS,
    REFERENCES,
  ],
  architecture: [
    { heading: 'Question', hint: 'The structural decision to settle, in one sentence.' },
    { heading: 'Current architecture', hint: 'How the affected parts are built today: modules, layers, data flow.' },
    { heading: 'Options', hint: 'The candidate structures, each with a sketch of what changes.', body: '### Option 1\n\n### Option 2' },
    { heading: 'Quality attributes and trade-offs', hint: 'How each option does on the qualities that matter here (maintainability, scalability, reliability, cost).', body: '| Quality | Option 1 | Option 2 |\n| --- | --- | --- |\n|  |  |  |' },
    FINDINGS,
    RECOMMENDATIONS,
    { heading: 'Related decisions', hint: 'ADRs this research affects or depends on.', body: '- ' },
  ],
  security: [
    { heading: 'Scope', hint: 'The system parts, data and interfaces examined.' },
    { heading: 'Threat model', hint: 'Assets, who might attack them, entry points and the threats (e.g. STRIDE).', body: '| Asset | Threat | Entry point | Likelihood | Impact |\n| --- | --- | --- | --- | --- |\n|  |  |  |  |  |' },
    { heading: 'Findings', hint: 'Each weakness found, with severity and where (file and line, endpoint, configuration).', body: '- ' },
    { heading: 'Mitigations', hint: 'For each finding: the fix or control, and who owns it.', body: '- ' },
    RECOMMENDATIONS,
    REFERENCES,
  ],
  performance: [
    { heading: 'Goal', hint: 'The target: metric, threshold and the workload it applies to (e.g. p95 latency of GET /orders under 200 ms at 100 rps).' },
    { heading: 'Baseline', hint: 'The numbers today, how and where they were measured.', body: '| Metric | Value | Measured on |\n| --- | --- | --- |\n|  |  |  |' },
    { heading: 'Method', hint: 'Tools, workload, data set, environment, number of runs.' },
    { heading: 'Results', hint: 'The measurements per change tried, against the baseline.', body: '| Change | Metric | Before | After |\n| --- | --- | --- | --- |\n|  |  |  |  |' },
    FINDINGS,
    RECOMMENDATIONS,
  ],
  compliance: [
    { heading: 'Requirements', hint: 'The regulations, standards or policies in scope, with the clauses that apply.', body: '| Requirement | Source | Applies to |\n| --- | --- | --- |\n|  |  |  |' },
    { heading: 'Controls', hint: 'The controls the project has (or needs) for each requirement.', body: '- ' },
    { heading: 'Evidence', hint: 'What shows each control works: configuration, logs, tests, documents.', body: '- ' },
    FINDINGS,
    RECOMMENDATIONS,
    REFERENCES,
  ],
  general: [
    { heading: 'Question', hint: 'What this research answers, in one sentence.' },
    { heading: 'Background', hint: 'Why it matters now and what is already known.' },
    { heading: 'Method', hint: 'How the answer is found: sources, experiments, people asked.' },
    FINDINGS,
    RECOMMENDATIONS,
    REFERENCES,
  ],
};

export function templateBody(title: string, type: AnalysisType): string {
  const parts = [`# ${title}`];
  for (const section of TEMPLATE_SECTIONS[type]) parts.push(`## ${section.heading}`, `<!-- ${section.hint} -->`, ...(section.body ? [section.body] : []));
  return `${parts.join('\n\n')}\n`;
}
