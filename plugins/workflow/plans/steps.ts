/**
 * Planned Toolpack tool calls: each with its arguments filled in for the project
 * (its folder, ADR folder, TODO file, docs folder) and why it is in the plan.
 * A plan keeps only the tools this server has loaded; the others are listed as
 * skipped, with the reason.
 */
import type { ProjectContext } from '../project/context.js';

export interface PlannedStep {
  order: number;
  tool: string;
  arguments: Record<string, unknown>;
  why: string;
  /** Arguments to fill from an earlier step's result (e.g. file text for analyze_content_security). */
  fillFrom?: string;
}

export interface SkippedStep {
  tool: string;
  reason: string;
}

interface Candidate {
  tool: string;
  arguments: Record<string, unknown>;
  why: string;
  fillFrom?: string;
  /** Core steps stay when time is short; optional ones go first. */
  core: boolean;
}

export class PlanBuilder {
  private readonly candidates: Candidate[] = [];
  readonly skipped: SkippedStep[] = [];

  constructor(private readonly project: ProjectContext) {}

  /** The projectPath argument: left out for the workspace root (every tool defaults to it). */
  get projectArgs(): Record<string, unknown> {
    return this.project.projectPath === '.' ? {} : { projectPath: this.project.projectPath };
  }

  /** adrDirectory for tools taking it: the folder found (relative to the project). */
  get adrArgs(): Record<string, unknown> {
    return { adrDirectory: this.project.adr.directory };
  }

  /** A project path as the tools taking workspace-relative paths expect it (validate_content, read_file...). */
  path(relativeToProject: string): string {
    return this.project.projectPath === '.' ? relativeToProject : `${this.project.projectPath}/${relativeToProject}`;
  }

  add(tool: string, args: Record<string, unknown>, why: string, options: { core?: boolean; fillFrom?: string } = {}): this {
    if (this.candidates.some((c) => c.tool === tool && JSON.stringify(c.arguments) === JSON.stringify(args))) return this;
    if (!this.project.loadedTools.has(tool)) {
      this.skip(tool, 'not loaded on this server');
      return this;
    }
    this.candidates.push({ tool, arguments: args, why, core: options.core ?? true, ...(options.fillFrom ? { fillFrom: options.fillFrom } : {}) });
    return this;
  }

  skip(tool: string, reason: string): this {
    if (!this.skipped.some((s) => s.tool === tool && s.reason === reason)) this.skipped.push({ tool, reason });
    return this;
  }

  /** Drop candidates the predicate refuses, recording why. */
  drop(predicate: (tool: string, args: Record<string, unknown>) => string | null): this {
    for (let i = this.candidates.length - 1; i >= 0; i--) {
      const candidate = this.candidates[i]!;
      const reason = predicate(candidate.tool, candidate.arguments);
      if (reason) {
        this.candidates.splice(i, 1);
        this.skip(candidate.tool, reason);
      }
    }
    return this;
  }

  /** At most `max` steps: optional ones are dropped from the end first, then core ones; order kept. */
  build(max = Infinity): PlannedStep[] {
    const kept = [...this.candidates];
    while (kept.length > max) {
      let index = -1;
      for (let i = kept.length - 1; i >= 0; i--) if (!kept[i]!.core) { index = i; break; }
      if (index < 0) index = kept.length - 1;
      const [removed] = kept.splice(index, 1);
      this.skip(removed!.tool, 'left out to fit the time available');
    }
    return kept.map((c, i) => ({ order: i + 1, tool: c.tool, arguments: c.arguments, why: c.why, ...(c.fillFrom ? { fillFrom: c.fillFrom } : {}) }));
  }
}
