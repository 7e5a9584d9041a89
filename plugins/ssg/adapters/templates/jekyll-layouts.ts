/**
 * Jekyll's layout, so a site builds without a theme gem (Debian's jekyll has
 * no minima): the page with the navigation read from _data/navigation.yml.
 */
export const JEKYLL_DEFAULT_LAYOUT = `<!DOCTYPE html>
<html lang="{{ site.lang | default: "en" }}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{% if page.title %}{{ page.title }} | {% endif %}{{ site.title }}</title>
  {% if site.description %}<meta name="description" content="{{ site.description }}">{% endif %}
</head>
<body>
  <header>
    <a href="{{ "/" | relative_url }}">{{ site.title }}</a>
    <nav>
      <ul>
        {% for item in site.data.navigation %}
        <li><a href="{{ item.url | relative_url }}">{{ item.title }}</a>
          {% if item.children %}<ul>{% for child in item.children %}<li><a href="{{ child.url | relative_url }}">{{ child.title }}</a></li>{% endfor %}</ul>{% endif %}
        </li>
        {% endfor %}
      </ul>
    </nav>
  </header>
  <main>
    <h1>{{ page.title }}</h1>
    {{ content }}
  </main>
</body>
</html>
`;
