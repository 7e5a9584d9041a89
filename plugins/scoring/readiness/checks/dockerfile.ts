/** Just enough of a Dockerfile for the hygiene checks: instructions with their line, grouped by build stage. */

export interface Instruction {
  keyword: string;
  args: string;
  /** 1-based line the instruction starts on. */
  line: number;
}

export interface Stage {
  /** The FROM image as written, `--platform=` left out. */
  image: string;
  /** The `AS name`, when given. */
  name?: string;
  line: number;
  instructions: Instruction[];
}

/** Instructions of a Dockerfile, continuation lines joined, comments and parser directives left out. */
export function instructionsOf(text: string): Instruction[] {
  const lines = text.split(/\r?\n/);
  const out: Instruction[] = [];
  let current: { text: string; line: number } | null = null;
  lines.forEach((raw, i) => {
    const trimmed = raw.trim();
    if (current === null && (trimmed === '' || trimmed.startsWith('#'))) return;
    // Comment lines inside a continued instruction are dropped, as docker does.
    if (current !== null && trimmed.startsWith('#')) return;
    const continued = /\\\s*$/.test(raw);
    const piece = continued ? raw.replace(/\\\s*$/, '') : raw;
    current = current ? { text: `${current.text} ${piece.trim()}`, line: current.line } : { text: piece.trim(), line: i + 1 };
    if (!continued) {
      const match = /^(\S+)\s*(.*)$/s.exec(current.text);
      if (match) out.push({ keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: current.line });
      current = null;
    }
  });
  return out;
}

export function stagesOf(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of instructionsOf(text)) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const as = words.findIndex((w) => w.toLowerCase() === 'as');
      stages.push({ image: words[0] ?? '', ...(as > 0 && words[as + 1] ? { name: words[as + 1] } : {}), line: instruction.line, instructions: [] });
    } else stages[stages.length - 1]?.instructions.push(instruction);
  }
  return stages;
}

/** Why an image reference is not pinned (`:latest`, no tag), or null when it carries a tag or digest. */
export function unpinnedReason(image: string): string | null {
  if (image === 'scratch' || image.includes('$')) return null;
  if (image.includes('@sha256:')) return null;
  const name = image.slice(image.lastIndexOf('/') + 1);
  if (!name.includes(':')) return 'no tag (means :latest)';
  if (name.endsWith(':latest')) return 'the :latest tag';
  return null;
}
