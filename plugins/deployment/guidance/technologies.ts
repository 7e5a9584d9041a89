/**
 * Deployment-relevant technologies an ADR can choose, and the words that name them.
 * Matched on whole words in an accepted ADR's title and decision text.
 */
export interface TechnologyPattern {
  name: string;
  area: 'container' | 'orchestration' | 'infrastructure' | 'serverless' | 'ci' | 'database' | 'hosting';
  pattern: RegExp;
}

export const TECHNOLOGIES: readonly TechnologyPattern[] = [
  { name: 'Docker', area: 'container', pattern: /\b(docker|dockerfile|docker[- ]compose|containeri[sz]ed?|containers?)\b/i },
  { name: 'Kubernetes', area: 'orchestration', pattern: /\b(kubernetes|k8s|kubectl|eks|gke|aks)\b/i },
  { name: 'Helm', area: 'orchestration', pattern: /\bhelm\b/i },
  { name: 'Terraform', area: 'infrastructure', pattern: /\b(terraform|opentofu)\b/i },
  { name: 'Serverless', area: 'serverless', pattern: /\b(serverless|aws lambda|lambda functions?|aws sam|cloud functions)\b/i },
  { name: 'GitHub Actions', area: 'ci', pattern: /\bgithub actions\b/i },
  { name: 'GitLab CI', area: 'ci', pattern: /\bgitlab[- ]ci\b/i },
  { name: 'Jenkins', area: 'ci', pattern: /\bjenkins\b/i },
  { name: 'PostgreSQL', area: 'database', pattern: /\b(postgres|postgresql)\b/i },
  { name: 'MySQL', area: 'database', pattern: /\b(mysql|mariadb)\b/i },
  { name: 'MongoDB', area: 'database', pattern: /\bmongo(db)?\b/i },
  { name: 'Redis', area: 'database', pattern: /\bredis\b/i },
  { name: 'AWS', area: 'hosting', pattern: /\b(aws|amazon web services|ecs|fargate)\b/i },
  { name: 'Google Cloud', area: 'hosting', pattern: /\b(gcp|google cloud|cloud run)\b/i },
  { name: 'Azure', area: 'hosting', pattern: /\bazure\b/i },
  { name: 'Heroku', area: 'hosting', pattern: /\bheroku\b/i },
  { name: 'Vercel', area: 'hosting', pattern: /\bvercel\b/i },
  { name: 'Netlify', area: 'hosting', pattern: /\bnetlify\b/i },
];

export const technologiesIn = (text: string): string[] => TECHNOLOGIES.filter((t) => t.pattern.test(text)).map((t) => t.name);
