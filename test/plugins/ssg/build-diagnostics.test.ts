/**
 * Build errors as the generators installed here print them (captured from real
 * runs of hugo 0.111, mkdocs 1.4, jekyll 4.3 and eleventy 3): each comes back
 * with the file relative to the site root and the line where the output says.
 */
import { describe, expect, it } from 'vitest';
import { parseBuildDiagnostics } from '../../../plugins/ssg/local/build-diagnostics.js';

const SITE = '/tmp/site';

describe('parseBuildDiagnostics', () => {
  it('hugo: a quoted "path:line:col" in a page or in the config', () => {
    const page = 'Start building sites … \nhugo v0.111.3+extended linux/amd64\nError: Error building site: "/tmp/site/content/_index.md:4:4": failed to extract shortcode: template for shortcode "nosuch" not found\nTotal in 7 ms\n';
    expect(parseBuildDiagnostics(page, SITE)).toEqual([
      { file: 'content/_index.md', line: 4, column: 4, message: 'Error building site: "/tmp/site/content/_index.md:4:4": failed to extract shortcode: template for shortcode "nosuch" not found' },
    ]);
    const config = 'Error: "/tmp/site/hugo.toml:2:9": unmarshal failed: toml: incomplete number\nTotal in 0 ms\n';
    expect(parseBuildDiagnostics(config, SITE)).toMatchObject([{ file: 'hugo.toml', line: 2, column: 9 }]);
  });

  it('mkdocs: a config YAML error located on the following lines; a theme template error located by its traceback', () => {
    const yaml = "Error: MkDocs encountered an error parsing the configuration file: while parsing a flow node\nexpected the node content, but found '<stream end>'\n  in \"mkdocs.yml\", line 3, column 1\n";
    expect(parseBuildDiagnostics(yaml, SITE)).toMatchObject([{ file: 'mkdocs.yml', line: 3, column: 1 }]);
    expect(parseBuildDiagnostics(yaml, SITE)[0]!.message).toContain("expected the node content, but found '<stream end>'");

    const jinja = [
      'INFO     -  Building documentation to directory: /tmp/site/site',
      "\u001b[31mERROR    -  \u001b[0mError building page 'index.md': unexpected '}', expected ')'",
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/jinja2/environment.py", line 936, in handle_exception',
      '    raise rewrite_traceback_stack(source=source)',
      '  File "/tmp/site/theme/main.html", line 1, in template',
      '    {% block content %}{{ foo( }}{% endblock %}',
      "jinja2.exceptions.TemplateSyntaxError: unexpected '}', expected ')'",
    ].join('\n');
    expect(parseBuildDiagnostics(jinja, SITE)).toEqual([
      { file: 'index.md', message: "Error building page 'index.md': unexpected '}', expected ')'" },
      { file: 'theme/main.html', line: 1, message: "jinja2.exceptions.TemplateSyntaxError: unexpected '}', expected ')'" },
    ]);
  });

  it('jekyll: a Liquid exception names the page and its body line; a YAML config error keeps its message', () => {
    const liquid = "Configuration file: /tmp/site/_config.yml\n      Generating... \n\u001b[31m  Liquid Exception: Liquid syntax error (line 3): Unknown tag 'deploy_button' in how-to/deploy.md\u001b[0m\n";
    expect(parseBuildDiagnostics(liquid, SITE)).toEqual([
      { file: 'how-to/deploy.md', line: 3, bodyLine: 'trimmed', message: "Liquid Exception: Liquid syntax error (line 3): Unknown tag 'deploy_button'" },
    ]);
    const config = "/usr/lib/ruby/3.1.0/psych.rb:455:in `parse': (<unknown>): did not find expected node content while parsing a flow node at line 2 column 1 (Psych::SyntaxError)\n";
    expect(parseBuildDiagnostics(config, SITE)).toEqual([{ message: 'Psych::SyntaxError: (<unknown>): did not find expected node content while parsing a flow node at line 2 column 1' }]);
  });

  it('eleventy: one entry per file and line out of its error chain', () => {
    const output = [
      '[11ty] Problem writing Eleventy templates:',
      '[11ty] 1. Having trouble rendering liquid template ./docs/tutorials/first.md (via TemplateContentRenderError)',
      '[11ty] 2. tag "no_such_tag" not found, file:./docs/tutorials/first.md, line:3, col:1 (via ParseError)',
      '[11ty] 3. tag "no_such_tag" not found (via AssertionError)',
      '[11ty] ',
      '[11ty] Original error stack trace: AssertionError: tag "no_such_tag" not found',
      '[11ty]     at assert (/work/main/node_modules/liquidjs/dist/liquid.node.js:402:15)',
    ].join('\n');
    expect(parseBuildDiagnostics(output, SITE)).toEqual([{ file: 'docs/tutorials/first.md', line: 3, column: 1, bodyLine: 'raw', message: 'tag "no_such_tag" not found' }]);
  });

  it('keeps paths outside the site as printed and bounds the list', () => {
    const many = Array.from({ length: 50 }, (_, i) => `Error: "/elsewhere/layouts/x${i}.html:${i + 1}:1": parse failed`).join('\n');
    const found = parseBuildDiagnostics(many, SITE);
    expect(found).toHaveLength(20);
    expect(found[0]).toMatchObject({ file: '/elsewhere/layouts/x0.html', line: 1 });
  });
});
