/**
 * Eleventy 3 site files: the ESM config (.mjs, so it loads whatever the
 * package.json "type" says), the Nunjucks base layout rendering
 * _data/navigation.json, and the package.json that pins Eleventy.
 */
// Not src/: at a repository root that is usually the code.
export const ELEVENTY_INPUT = 'docs';

export const ELEVENTY_CONFIG = `/** Eleventy 3 configuration: Markdown pages under ${ELEVENTY_INPUT}/, HTML into _site/. */
export default function (eleventyConfig) {
  // Every page uses the base layout unless its front matter names another.
  eleventyConfig.addGlobalData('layout', 'layouts/base.njk');
  // Prefixes absolute links with --pathprefix (a project site on GitHub Pages lives under /<repo>/).
  // Resolved through the running Eleventy, so the config imports nothing (it loads even from a global or npx install).
  eleventyConfig.addPlugin(eleventyConfig.resolvePlugin('@11ty/eleventy/html-base-plugin'));
}

export const config = {
  dir: { input: '${ELEVENTY_INPUT}', includes: '_includes', data: '_data', output: '_site' },
  // Markdown stays Markdown: no template syntax is evaluated inside pages.
  markdownTemplateEngine: false,
  htmlTemplateEngine: 'njk',
};
`;

export const ELEVENTY_LAYOUT = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{% if title %}{{ title }} | {% endif %}{{ site.title }}</title>
  {% if site.description %}<meta name="description" content="{{ site.description }}">{% endif %}
</head>
<body>
  <header>
    <a href="/">{{ site.title }}</a>
    <nav>
      <ul>
        {% for item in navigation %}
        <li><a href="{{ item.url }}">{{ item.title }}</a>
          {% if item.children %}<ul>{% for child in item.children %}<li><a href="{{ child.url }}">{{ child.title }}</a></li>{% endfor %}</ul>{% endif %}
        </li>
        {% endfor %}
      </ul>
    </nav>
  </header>
  <main>
    <h1>{{ title }}</h1>
    {{ content | safe }}
  </main>
</body>
</html>
`;

export const eleventyPackageJson = (name: string) =>
  `${JSON.stringify(
    {
      name,
      private: true,
      scripts: { build: 'eleventy', start: 'eleventy --serve' },
      devDependencies: { '@11ty/eleventy': '^3.1.0' },
    },
    null,
    2,
  )}\n`;
