// A realistic generated docs folder for the link-check benchmark (issue 25 item 1): sections of
// pages with front matter, headings of the kinds real docs have (code, punctuation, repeats),
// prose with inline and reference links to other pages' headings, same-page anchors, images,
// tables, code blocks, HTML anchors and external URLs; a known share broken on purpose.
// Deterministic: the same `pages` gives the same folder, so findings can be compared.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SECTIONS = ['getting-started', 'guides', 'reference/api', 'reference/cli', 'concepts', 'tutorials', 'deployment'];
const WORDS = 'the server reads its configuration from a file and the environment then starts every plugin in order so that each route can be handled by the matching handler while hooks run before and after the request is answered with a reply or an error'.split(' ');
const TITLES = ['Installation', 'Configuring `server.port`', "What's new in v2.0?", 'Options & flags', 'Example', 'Error handling', 'Hooks (lifecycle)', 'Using _TypeScript_', 'API: `listen()`', 'Example', 'Troubleshooting', 'C++ & native add-ons', 'Über encoding', 'Logging **levels**', 'Example'];

/** A pseudo-random but deterministic number generator (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** GitHub's slug of the generated titles (they are simple enough for this). */
const slug = (title) => title.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/ /g, '-');

const pagePath = (i) => `${SECTIONS[i % SECTIONS.length]}/page-${i}.md`;

/**
 * Writes `pages` pages (plus an index per section and images) under `root`; returns
 * { files, planted } where planted counts the links broken on purpose by kind.
 */
export function writeLinkCorpus(root, pages = 1000, seed = 25) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const prose = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const planted = { 'broken-link': 0, 'broken-anchor': 0, 'missing-image': 0, 'undefined-reference': 0 };
  // Each page's headings (with repeats numbered), decided first so links can point at them.
  const headings = [];
  for (let i = 0; i < pages; i++) {
    const count = 4 + (i % 5);
    const titles = Array.from({ length: count }, (_, k) => TITLES[(i + k * 3) % TITLES.length]);
    const seen = new Map();
    headings.push(titles.map((title) => {
      const base = slug(title.replace(/[`*_]/g, ''));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return { title, anchor: n === 0 ? base : `${base}-${n}` };
    }));
  }
  for (const section of SECTIONS) {
    mkdirSync(join(root, section, 'img'), { recursive: true });
    writeFileSync(join(root, section, 'img', 'diagram.png'), 'png');
    writeFileSync(join(root, section, 'index.md'), `# ${section}\n\nPages of the ${section} section.\n`);
  }
  for (let i = 0; i < pages; i++) {
    const from = pagePath(i);
    const rel = (j) => relative(dirname(from), pagePath(j)) || `page-${j}.md`;
    const lines = ['---', `title: Page ${i}`, `sidebar_position: ${i % 10}`, '---', '', `# Page ${i}: ${prose(3)}`, '', `${prose(30)} \`config.option${i}\` ${prose(20)}.`, ''];
    const defs = [];
    headings[i].forEach(({ title }, k) => {
      lines.push(`${k % 3 === 2 ? '###' : '##'} ${title}`, '');
      for (let p = 0; p < 2; p++) {
        const j = Math.floor(random() * pages);
        const target = headings[j][Math.floor(random() * headings[j].length)];
        const roll = random();
        let link;
        if (roll < 0.01) {
          link = `[the missing page](${rel(j).replace('page-', 'paeg-')})`;
          planted['broken-link']++;
        } else if (roll < 0.03) {
          link = `[a renamed heading](${rel(j)}#${target.anchor}-old)`;
          planted['broken-anchor']++;
        } else link = `[${target.title.replace(/[`*_]/g, '')}](${rel(j)}#${target.anchor})`;
        const local = headings[i][Math.floor(random() * headings[i].length)].anchor;
        lines.push(`${prose(12)} ${link}, *${prose(3)}* and see [above](#${local}). ${prose(15)} **${prose(2)}** ${prose(10)}.`, '');
      }
      if (k === 1) {
        const j = (i * 31 + 7) % pages;
        const label = `ref-${k}`;
        lines.push(`More in [the reference][${label}] and the [spec](https://example.com/spec/${i % 50}) or <https://example.org/docs>.`, '');
        defs.push(`[${label}]: ${rel(j)}#${headings[j][0].anchor}`);
        if (i % 97 === 0) {
          lines.push(`Also [an old note][gone-${i}] that lost its definition.`, '');
          planted['undefined-reference']++;
        }
      }
      if (k === 2) {
        const missing = i % 53 === 0;
        if (missing) planted['missing-image']++;
        lines.push(`![Diagram of ${title.replace(/[`*_]/g, '')}](img/${missing ? 'diagrm' : 'diagram'}.png)`, '');
        lines.push('| Option | Default | See |', '| --- | --- | --- |');
        for (let r = 0; r < 3; r++) lines.push(`| \`opt${r}\` | \`${r}\` | [details](#${headings[i][r % headings[i].length].anchor}) |`);
        lines.push('');
      }
      if (k === 3) {
        lines.push('```js', `import { start } from 'demo';`, `// ${prose(6)}`, `await start({ port: ${8000 + i} });`, '```', '');
        lines.push('- First step: install', '- Second step: [configure](#' + headings[i][0].anchor + ')', '  - nested with `code` and https://example.net/raw link', '');
      }
      if (k === 4 && i % 4 === 0) lines.push(`<a id="legacy-${i}"></a>`, '', '> **Note**', `> ${prose(20)}`, '');
    });
    lines.push('', ...defs, '');
    const file = join(root, from);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, lines.join('\n'));
  }
  return { files: pages + SECTIONS.length, planted };
}
