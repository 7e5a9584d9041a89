/**
 * Deployment-relevant technologies an ADR can choose, from the project pack's technology
 * catalogue (`deployment`: the area and the words that name them), matched on whole words in
 * an accepted ADR's title and decision text.
 */
import { deploymentTechnologies } from '../../project/api.js';

export const technologiesIn = (text: string): string[] => deploymentTechnologies().filter((t) => t.deployment.mentions.test(text)).map((t) => t.name);
