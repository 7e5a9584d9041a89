/**
 * Whether a page presents a name as the project's own: "stale" is only for such a name.
 * A sentence that says the project does not have it ("does not create a `--version`
 * option"), or a flag written in a sentence about another tool ("`pip install` with
 * `--user`"), presents no claim about the project's code.
 */

/** Negations and contrasts: the sentence says the name is not (or no longer) the project's. */
const DENIAL = /\b(?:not|never|cannot|no longer|neither|nor|instead of|rather than|unlike)\b|n't\b/i;

/** Command-line tools a docs page names while explaining how to install, build or test; their flags are theirs. */
const OTHER_TOOLS = /(?:^|[\s`(])(pip3?|pipx|uv|npm|npx|yarn|pnpm|bun|deno|git|docker|podman|brew|conda|poetry|pdm|hatch|cargo|curl|wget|apt|apt-get|python3?|node|mkdocs|sphinx-build|pytest|tox|nox|make|gh)(?=[\s`.,;:)]|$)/;

export function deniesExistence(sentence: string): boolean {
  return DENIAL.test(sentence);
}

/** The other tool a sentence is about, when it names one that is not among the project's own `commands`. */
export function otherToolIn(sentence: string, commands: ReadonlySet<string>): string | undefined {
  const tool = OTHER_TOOLS.exec(sentence)?.[1];
  return tool && !commands.has(tool) ? tool : undefined;
}

/** The sentence of `text` holding the character at `at`: from after the previous `. ` (or `!`, `?`) to the next. */
export function sentenceAt(text: string, at: number): string {
  const stop = /[.!?](?=\s)/g;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(stop)) {
    if (m.index < at) start = m.index + 1;
    else {
      end = m.index + 1;
      break;
    }
  }
  return text.slice(start, end).trim();
}
