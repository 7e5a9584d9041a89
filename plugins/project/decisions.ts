/**
 * The `project.decisions` service: the one decision source (the adr pack's,
 * when it is loaded) get_architectural_context reads ADRs through.
 */
import type { DecisionSource, ProjectDecisions } from './api.js';

export function createProjectDecisions(): ProjectDecisions {
  let current: DecisionSource | undefined;
  return {
    register(source) {
      if (!source || typeof source.read !== 'function') throw new TypeError('project.decisions: register(source) takes { pack, read(projectRoot, workspace) }');
      if (current) throw new TypeError(`project.decisions: pack "${source.pack}" registers a decision source, but pack "${current.pack}" already did; only one is read`);
      current = source;
      return () => {
        if (current === source) current = undefined;
      };
    },
    source: () => current,
  };
}
