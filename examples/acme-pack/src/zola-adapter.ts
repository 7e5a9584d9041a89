/**
 * SSG adapter: adds Zola (a single-binary generator written in Rust) to the
 * ssg pack through its `ssg.adapters` extension point (toolpack/packs/ssg),
 * written against the SsgAdapter contract of toolpack/sdk. Every ssg tool then
 * accepts `ssg: "zola"`. Pages go to content/<section>/, each section with an
 * `_index.md`; Zola builds its navigation from the sections, so `navigation`
 * writes only the section indexes' order.
 */
import { DIATAXIS_SECTIONS, defineModule, defineSsgAdapter, type DiataxisSection, type SitePage } from 'toolpack/sdk';
import { ssgAdaptersExtensionPoint } from 'toolpack/packs/ssg';

const LABELS: Record<DiataxisSection, string> = { tutorials: 'Tutorials', 'how-to': 'How-to guides', reference: 'Reference', explanation: 'Explanation' };

/** TOML front matter; a JSON string is a valid TOML basic string. */
const frontMatter = (fields: Record<string, string | number>) =>
  `+++\n${Object.entries(fields).map(([key, value]) => `${key} = ${JSON.stringify(value)}`).join('\n')}\n+++\n\n`;

const TEMPLATES: Record<string, string> = {
  'templates/base.html': '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ config.title }}</title></head>\n<body>\n<nav>{% set root = get_section(path="_index.md") %}{% for s in root.subsections %}{% set sub = get_section(path=s) %}<a href="{{ sub.permalink }}">{{ sub.title }}</a> {% endfor %}</nav>\n<main>{% block content %}{% endblock content %}</main>\n</body>\n</html>\n',
  'templates/index.html': '{% extends "base.html" %}\n{% block content %}{{ section.content | safe }}{% endblock content %}\n',
  'templates/section.html': '{% extends "base.html" %}\n{% block content %}<h1>{{ section.title }}</h1>{{ section.content | safe }}<ul>{% for page in section.pages %}<li><a href="{{ page.permalink }}">{{ page.title }}</a></li>{% endfor %}</ul>{% endblock content %}\n',
  'templates/page.html': '{% extends "base.html" %}\n{% block content %}<h1>{{ page.title }}</h1>{{ page.content | safe }}{% endblock content %}\n',
};

export const zola = defineSsgAdapter({
  id: 'zola',
  name: 'Zola',
  homepage: 'https://www.getzola.org/',
  traits: {
    ecosystem: 'other',
    // Search index and multilingual sites are built in; no versioning, no MDX.
    features: { versioning: false, search: true, i18n: true, apiReference: false, blog: true, mdx: false },
    buildSpeed: 'fast',
    setupComplexity: 'low',
    comfortablePages: 5000,
  },
  markers: ['zola.toml', 'config.toml'],
  // A config.toml is Zola's only when it has Zola's base_url key.
  detectText: (path, text) => path.endsWith('zola.toml') || /^\s*base_url\s*=/m.test(text),
  configFiles({ projectName, projectDescription, baseUrl }) {
    const description = projectDescription ?? `Documentation for ${projectName}.`;
    const config = [
      `base_url = ${JSON.stringify(baseUrl ?? '/')}`,
      `title = ${JSON.stringify(projectName)}`,
      `description = ${JSON.stringify(description)}`,
      'build_search_index = true',
      '',
      '[markdown]',
      'highlight_code = true',
      '',
    ].join('\n');
    return [
      { path: 'config.toml', content: config },
      { path: 'content/_index.md', content: `${frontMatter({ title: projectName })}${description}\n` },
      ...Object.entries(TEMPLATES).map(([path, content]) => ({ path, content })),
    ];
  },
  sectionDir: (section) => `content/${section}`,
  pageFile: (page: SitePage) => ({
    path: `content/${page.section}/${page.slug === 'index' ? '_index' : page.slug}.md`,
    content: `${frontMatter(page.slug === 'index' ? { title: page.title } : { title: page.title, weight: page.order })}${page.body.trim()}\n`,
  }),
  navigation(pages, current) {
    // Each section needs an _index.md (its weight orders the menu); an existing one is kept.
    return DIATAXIS_SECTIONS.filter((section) => pages.some((p) => p.section === section) && !pages.some((p) => p.section === section && p.slug === 'index'))
      .filter((section) => current(`content/${section}/_index.md`) === undefined)
      .map((section) => ({
        path: `content/${section}/_index.md`,
        content: `${frontMatter({ title: LABELS[section], weight: DIATAXIS_SECTIONS.indexOf(section) + 1, sort_by: 'weight' })}`,
      }));
  },
  build: { command: 'zola', args: ['build'], outputDir: 'public' },
  serve: (port) => ({ command: 'zola', args: ['serve', '--interface', '127.0.0.1', '--port', String(port)], servesBuild: false }),
  requires: { binary: 'zola', install: 'Install Zola: `brew install zola`, `snap install zola`, or a release from https://github.com/getzola/zola/releases.', versionArgs: ['--version'] },
  workflowSteps: ({ siteDir, baseUrlFromPages }) => [
    {
      name: 'Install Zola',
      run: 'curl -fsSL https://github.com/getzola/zola/releases/download/v0.19.2/zola-v0.19.2-x86_64-unknown-linux-gnu.tar.gz | sudo tar -xz -C /usr/local/bin zola',
    },
    {
      name: 'Build with Zola',
      run: baseUrlFromPages ? 'zola build --base-url "${{ steps.pages.outputs.base_url }}"' : 'zola build',
      'working-directory': siteDir,
    },
  ],
});

export const zolaAdapterModule = defineModule({
  pluginId: 'ssg',
  moduleId: 'zola',
  version: '1.0.0',
  kernel: '^0.1.0',
  description: 'Adds the Zola generator to every ssg tool.',
  register(env) {
    env.registerInit({
      deps: { adapters: ssgAdaptersExtensionPoint },
      init({ adapters }) {
        adapters.add(zola);
      },
    });
  },
});
