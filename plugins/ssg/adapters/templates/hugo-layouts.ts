/**
 * Minimal Hugo layouts so a site renders with no theme to download: a base
 * page with the main menu (from hugo.toml's [menu]), single pages, section
 * lists and the home page.
 */
export const HUGO_LAYOUTS: Record<string, string> = {
  'layouts/_default/baseof.html': `<!DOCTYPE html>
<html lang="{{ .Site.LanguageCode | default "en" }}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{{ if .IsHome }}{{ .Site.Title }}{{ else }}{{ .Title }} | {{ .Site.Title }}{{ end }}</title>
  {{ with .Site.Params.description }}<meta name="description" content="{{ . }}">{{ end }}
</head>
<body>
  <header>
    <a href="{{ "/" | relURL }}">{{ .Site.Title }}</a>
    <nav>
      <ul>
        {{ range .Site.Menus.main }}<li><a href="{{ .URL }}">{{ .Name }}</a></li>{{ end }}
      </ul>
    </nav>
  </header>
  <main>
    {{ block "main" . }}{{ end }}
  </main>
</body>
</html>
`,
  'layouts/_default/single.html': `{{ define "main" }}
<article>
  <h1>{{ .Title }}</h1>
  {{ .Content }}
</article>
{{ end }}
`,
  'layouts/_default/list.html': `{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ .Content }}
<ul>
  {{ range .Pages.ByWeight }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}
</ul>
{{ end }}
`,
  'layouts/index.html': `{{ define "main" }}
<h1>{{ .Site.Title }}</h1>
{{ .Content }}
<ul>
  {{ range .Site.Menus.main }}<li><a href="{{ .URL }}">{{ .Name }}</a></li>{{ end }}
</ul>
{{ end }}
`,
};
