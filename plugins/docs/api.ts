/**
 * The docs pack's public surface (`toolpack/packs/docs`): its event topic, and the Sphinx
 * toctree merge populate_diataxis_content uses (a Sphinx adapter reuses it for its navigation).
 * It loads nothing but the SDK and Node's own modules.
 */
export * from './events.js';
export { addToToctree, findToctree } from './populate/sphinx-toctree.js';
