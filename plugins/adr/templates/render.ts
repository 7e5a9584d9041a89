/** One renderer per template format. */
import { renderMadr } from './madr.js';
import { renderNygard } from './nygard.js';
import type { AdrDraft, TemplateFormat } from './types.js';
import { renderYStatement } from './y-statement.js';

export function renderAdr(draft: AdrDraft, format: TemplateFormat, options: { plainDate?: boolean } = {}): string {
  switch (format) {
    case 'madr':
      return renderMadr(draft);
    case 'y-statements':
      return renderYStatement(draft);
    default:
      return renderNygard(draft, options);
  }
}

/** Today's date as YYYY-MM-DD in the server's time zone (what a person writing the ADR would put). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
