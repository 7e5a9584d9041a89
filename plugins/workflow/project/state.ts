/** What a project already has, as plans adapt to it: ADRs, a TODO file, docs, a PRD, CI, containers, and decisions no ADR records. */
import { adrText, type ProjectContext } from './context.js';
import type { Stack } from './stack.js';

export interface ProjectState {
  adrDirectory: { path: string; exists: boolean };
  adrs: number;
  acceptedAdrs: number;
  proposedAdrs: number;
  todo: { path: string; found: boolean; open: number; done: number };
  docsFolder: string | null;
  prd: string | null;
  ci: string[];
  dockerfiles: string[];
  kubernetes: boolean;
  /** Frameworks, databases and messaging the code uses that no ADR mentions. */
  undocumentedDecisions: string[];
  testFramework: string | null;
  technologies: string[];
}

export function projectState(project: ProjectContext, stack: Stack): ProjectState {
  const { catalog } = project.adr;
  const adrTexts = catalog.adrs.map((adr) => adrText(adr).toLowerCase()).join('\n');
  const decided = [...project.scan.frameworks, ...project.scan.databases, ...project.scan.messaging].map((d) => d.name);
  return {
    adrDirectory: { path: project.adr.directory, exists: project.adr.location.exists },
    adrs: catalog.adrs.length,
    acceptedAdrs: catalog.adrs.filter((a) => a.status === 'accepted').length,
    proposedAdrs: catalog.adrs.filter((a) => a.status === 'proposed').length,
    todo: { path: project.todo.path, found: project.todo.found, open: project.todo.tasks.filter((t) => !t.done).length, done: project.todo.tasks.filter((t) => t.done).length },
    docsFolder: project.docsFolder,
    prd: project.prd,
    ci: project.scan.ci.map((c) => c.path),
    dockerfiles: project.scan.infrastructure.dockerfiles.map((d) => d.path),
    kubernetes: project.scan.infrastructure.kubernetes.length > 0 || project.scan.infrastructure.helm.length > 0,
    undocumentedDecisions: [...new Set(decided)].filter((name) => !adrTexts.includes(name.toLowerCase())),
    testFramework: stack.testFramework,
    technologies: stack.technologies,
  };
}
